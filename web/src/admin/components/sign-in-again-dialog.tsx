import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  adminApi,
  AdminApiError,
  currentSession,
  onSignInElsewhere,
  type AdminSession,
} from '../api/admin-client';
import { CodeForm } from '../features/second-factor/code-form';
import { FormAlert } from './form-alert';
import { TextField } from './text-field';

const passwordSchema = z.object({ password: z.string().min(1, 'Vul je wachtwoord in.') });
type PasswordValues = z.infer<typeof passwordSchema>;

interface SignInAgainDialogProps {
  /** The account that was signed in: the dialog signs in the same one. */
  email: string;
  onSignedIn: (session: AdminSession) => void;
  onCancel: () => void;
}

/**
 * A modal dialog over the page whose session ended: the account's password and, when it has a
 * second factor, the code (or a recovery code). The page underneath keeps what was typed; the
 * call that was refused is sent again once the new session is there (admin-client.ts). When the
 * same account signs in in another tab (or the tab comes back into view signed in), it takes that
 * session and closes by itself.
 */
export function SignInAgainDialog({ email, onSignedIn, onCancel }: SignInAgainDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [challenge, setChallenge] = useState<string>();
  const [recovery, setRecovery] = useState(false);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({ resolver: zodResolver(passwordSchema), defaultValues: { password: '' } });

  // Modal where the browser has it (the page underneath is inert); the first field takes the focus.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (typeof element.showModal === 'function' && !element.open) element.showModal();
    else element.setAttribute('open', '');
    setFocus('password');
    return () => {
      if (typeof element.close === 'function' && element.open) element.close();
    };
  }, [setFocus]);

  // Another account's session is not this editor's: the dialog then stays.
  useEffect(() => {
    const takeSessionElsewhere = () => {
      void currentSession().then((session) => {
        if (session && session.user.email === email) onSignedIn(session);
      });
    };
    const whenVisible = () => {
      if (document.visibilityState === 'visible') takeSessionElsewhere();
    };
    const stop = onSignInElsewhere(takeSessionElsewhere);
    window.addEventListener('focus', takeSessionElsewhere);
    document.addEventListener('visibilitychange', whenVisible);
    return () => {
      stop();
      window.removeEventListener('focus', takeSessionElsewhere);
      document.removeEventListener('visibilitychange', whenVisible);
    };
  }, [email, onSignedIn]);

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const answer = await adminApi.login(email, values.password);
      if ('challenge' in answer) setChallenge(answer.challenge);
      else onSignedIn(answer);
    } catch (error) {
      setFormError(error instanceof AdminApiError ? error.message : 'Er ging iets mis. Probeer het opnieuw.');
    }
  });

  return (
    <dialog
      ref={dialog}
      className="admin-dialog"
      aria-labelledby="sign-in-again-heading"
      aria-describedby="sign-in-again-text"
      onCancel={(event) => {
        // Escape: the editor gives up; the refused call keeps its message.
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="sign-in-again-heading">Opnieuw inloggen</h2>
      <p id="sign-in-again-text">
        Je sessie is verlopen. Wat je hebt ingevuld blijft staan: log opnieuw in als {email}, dan gaat je
        wijziging alsnog door.
      </p>
      {challenge ? (
        <>
          <CodeForm
            key={recovery ? 'recovery' : 'app'}
            id="sign-in-again-code"
            label={recovery ? 'Herstelcode' : 'Code uit je app'}
            submitLabel="Inloggen"
            recovery={recovery}
            onCode={async (code) => onSignedIn(await adminApi.loginSecondStep(challenge, code))}
          />
          <p>
            <button type="button" className="admin-link-button" onClick={() => setRecovery(!recovery)}>
              {recovery ? 'Een code uit je app gebruiken' : 'Een herstelcode gebruiken'}
            </button>
          </p>
        </>
      ) : (
        <form className="admin-form" onSubmit={submit} noValidate>
          <FormAlert message={formError} />
          <TextField
            id="sign-in-again-password"
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
      )}
      <p>
        <button type="button" className="admin-link-button" onClick={onCancel}>
          Annuleren
        </button>
      </p>
    </dialog>
  );
}
