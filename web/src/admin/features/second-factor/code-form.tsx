import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { useServerSubmit } from '../../components/use-server-submit';

const codeSchema = z.object({ code: z.string().trim().min(1, 'Vul de code in.') });
type CodeValues = z.infer<typeof codeSchema>;

/**
 * One field for a code from the authenticator app (six digits: numeric keyboard, filled in by the
 * phone's one-time-code suggestion), with `recovery` a recovery code, or with `password` the
 * account's password; the server's refusal lands on the field.
 */
export function CodeForm({
  id,
  label,
  hint,
  submitLabel,
  recovery = false,
  password = false,
  onCode,
}: {
  id: string;
  label: string;
  hint?: string;
  submitLabel: string;
  recovery?: boolean;
  password?: boolean;
  onCode: (code: string) => Promise<void>;
}) {
  const form = useForm<CodeValues>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
  const { formError, submit } = useServerSubmit(form, ['code'], (values) => onCode(values.code.trim()));
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <FormAlert message={formError} />
      <TextField
        id={id}
        label={label}
        hint={hint}
        type={password ? 'password' : 'text'}
        autoComplete={password ? 'current-password' : recovery ? 'off' : 'one-time-code'}
        inputMode={recovery || password ? 'text' : 'numeric'}
        registration={form.register('code')}
        error={form.formState.errors.code?.message}
      />
      <button type="submit" disabled={form.formState.isSubmitting}>
        {submitLabel}
      </button>
    </form>
  );
}
