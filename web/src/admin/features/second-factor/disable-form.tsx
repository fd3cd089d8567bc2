import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { useServerSubmit } from '../../components/use-server-submit';

const disableSchema = z.object({
  password: z.string().min(1, 'Vul je wachtwoord in.'),
  code: z.string().trim().min(1, 'Vul een code uit je app of een herstelcode in.'),
});
type DisableValues = z.infer<typeof disableSchema>;

/**
 * Switching the second factor off takes the password and a current code (or a recovery code)
 * together: a session left open, or a password read over a shoulder, is not enough. The server's
 * refusal lands on the field it concerns.
 */
export function DisableForm({
  onProof,
}: {
  onProof: (proof: { password: string; code: string }) => Promise<void>;
}) {
  const form = useForm<DisableValues>({
    resolver: zodResolver(disableSchema),
    defaultValues: { password: '', code: '' },
  });
  const { formError, submit } = useServerSubmit(form, ['password', 'code'], (values) =>
    onProof({ password: values.password, code: values.code.trim() }),
  );
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <FormAlert message={formError} />
      <TextField
        id="disable-password"
        label="Je wachtwoord"
        type="password"
        autoComplete="current-password"
        registration={form.register('password')}
        error={form.formState.errors.password?.message}
      />
      <TextField
        id="disable-code"
        label="Code uit je app of een herstelcode"
        autoComplete="one-time-code"
        registration={form.register('code')}
        error={form.formState.errors.code?.message}
      />
      <button type="submit" disabled={form.formState.isSubmitting}>
        Tweestapsverificatie uitzetten
      </button>
    </form>
  );
}
