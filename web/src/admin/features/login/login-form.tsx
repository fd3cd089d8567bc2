import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { adminApi, AdminApiError, type AdminSession } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { SecondFactorStep } from '../second-factor/second-factor-step';

export const loginSchema = z.object({
  email: z.string().trim().min(1, 'Vul je e-mailadres in.').pipe(z.email('Vul een geldig e-mailadres in.')),
  password: z.string().min(1, 'Vul je wachtwoord in.'),
});
type LoginValues = z.infer<typeof loginSchema>;

/** The login form (and for an account with a second factor, its code step); on success it hands the new session up. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (session: AdminSession) => void }) {
  const [formError, setFormError] = useState<string>();
  const [challenge, setChallenge] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const answer = await adminApi.login(values.email, values.password);
      if ('challenge' in answer) setChallenge(answer.challenge);
      else onLoggedIn(answer);
    } catch (error) {
      // One message for every failed login, whatever the cause (the server says the same).
      setFormError(error instanceof AdminApiError ? error.message : 'Er ging iets mis. Probeer het opnieuw.');
    }
  });

  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge}
        onLoggedIn={onLoggedIn}
        onCancel={() => setChallenge(undefined)}
      />
    );
  }
  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby="login-heading">
      <h1 id="login-heading">Inloggen</h1>
      <FormAlert message={formError} />
      <TextField
        id="login-email"
        label="E-mailadres"
        type="email"
        autoComplete="username"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        id="login-password"
        label="Wachtwoord"
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <button type="submit" disabled={isSubmitting}>
        Inloggen
      </button>
    </form>
  );
}
