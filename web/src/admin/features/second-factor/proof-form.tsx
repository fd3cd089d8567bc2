import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { useServerSubmit } from '../../components/use-server-submit';

const proofSchema = z.object({
  password: z.string().min(1, 'Vul je wachtwoord in.'),
  code: z.string().trim().min(1, 'Vul een code uit je app of een herstelcode in.'),
});
type ProofValues = z.infer<typeof proofSchema>;

/**
 * What a change of one's own second factor takes (switching it off, new recovery codes): the
 * password and a current code (or a recovery code) together, as a session left open, or a password
 * read over a shoulder, is not enough. The server's refusal lands on the field it concerns. `id`
 * prefixes the fields' ids; `submitLabel` names the change; `focusFirst` puts the focus in the
 * password field once shown (a form opened by a button that is gone then).
 */
export function ProofForm({
  id,
  submitLabel,
  focusFirst = false,
  onProof,
}: {
  id: string;
  submitLabel: string;
  focusFirst?: boolean;
  onProof: (proof: { password: string; code: string }) => Promise<void>;
}) {
  const form = useForm<ProofValues>({
    resolver: zodResolver(proofSchema),
    defaultValues: { password: '', code: '' },
  });
  const { setFocus } = form;
  useEffect(() => {
    if (focusFirst) setFocus('password');
  }, [focusFirst, setFocus]);
  const { formError, submit } = useServerSubmit(form, ['password', 'code'], (values) =>
    onProof({ password: values.password, code: values.code.trim() }),
  );
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <FormAlert message={formError} />
      <TextField
        id={`${id}-password`}
        label="Je wachtwoord"
        type="password"
        autoComplete="current-password"
        registration={form.register('password')}
        error={form.formState.errors.password?.message}
      />
      <TextField
        id={`${id}-code`}
        label="Code uit je app of een herstelcode"
        autoComplete="one-time-code"
        registration={form.register('code')}
        error={form.formState.errors.code?.message}
      />
      <button type="submit" disabled={form.formState.isSubmitting}>
        {submitLabel}
      </button>
    </form>
  );
}
