import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { adminApi, type AdminSession } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { accountWords } from './password-strength';
import { usePasswordStrength } from './use-password-strength';

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Vul je huidige wachtwoord in.'),
    newPassword: z.string().min(12, 'Kies een wachtwoord van minstens 12 tekens.'),
    repeatPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.repeatPassword, {
    path: ['repeatPassword'],
    message: 'De twee wachtwoorden zijn niet gelijk.',
  })
  .refine((values) => values.newPassword !== values.currentPassword, {
    path: ['newPassword'],
    message: 'Kies een ander wachtwoord dan je huidige.',
  });
type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

/**
 * Change one's own password; `forced` when the one-time password must go first. A hint under the
 * new password tells its strength as the server will judge it, with the account's own words.
 */
export function ChangePasswordForm({
  forced,
  account,
  onChanged,
}: {
  forced: boolean;
  account: { email: string; name: string };
  onChanged: (session: AdminSession) => void;
}) {
  const [formError, setFormError] = useState<string>();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', repeatPassword: '' },
  });

  const strength = usePasswordStrength(watch('newPassword'), accountWords(account.email, account.name));

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    setDone(false);
    try {
      const session = await adminApi.changePassword(values.currentPassword, values.newPassword);
      reset();
      setDone(true);
      onChanged(session);
    } catch (error) {
      setFormError(applyServerErrors(error, ['currentPassword', 'newPassword'], setError));
    }
  });

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby="password-heading">
      <h1 id="password-heading" tabIndex={-1}>
        Wachtwoord wijzigen
      </h1>
      {forced && (
        <p className="admin-notice">
          Je bent ingelogd met een eenmalig wachtwoord. Kies eerst een eigen wachtwoord van minstens 12
          tekens.
        </p>
      )}
      {done && (
        <p role="status" className="admin-success">
          Je wachtwoord is gewijzigd. Je andere sessies zijn beëindigd.
        </p>
      )}
      <FormAlert message={formError} />
      <TextField
        id="password-current"
        label="Huidig wachtwoord"
        type="password"
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword?.message}
      />
      <TextField
        id="password-new"
        label="Nieuw wachtwoord"
        type="password"
        autoComplete="new-password"
        hint="Minstens 12 tekens."
        registration={register('newPassword')}
        error={errors.newPassword?.message}
      />
      <p className="admin-hint" aria-live="polite">
        {strength}
      </p>
      <TextField
        id="password-repeat"
        label="Herhaal het nieuwe wachtwoord"
        type="password"
        autoComplete="new-password"
        registration={register('repeatPassword')}
        error={errors.repeatPassword?.message}
      />
      <button type="submit" disabled={isSubmitting}>
        Wachtwoord opslaan
      </button>
    </form>
  );
}
