import { useEffect, useRef, useState } from 'react';
import { adminApi, type AdminSession } from '../../api/admin-client';
import { CodeForm } from './code-form';

/** The login's second step: a code from the app, or one of the recovery codes. */
export function SecondFactorStep({
  challenge,
  onLoggedIn,
  onCancel,
}: {
  challenge: string;
  onLoggedIn: (session: AdminSession) => void;
  onCancel: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The password form is gone: the focus goes to where the next step starts.
  useEffect(() => heading.current?.focus(), [recovery]);
  return (
    <section aria-labelledby="second-step-heading">
      <h1 id="second-step-heading" tabIndex={-1} ref={heading}>
        Tweestapsverificatie
      </h1>
      <p>
        {recovery
          ? 'Typ een van je herstelcodes. Elke herstelcode werkt maar één keer.'
          : 'Typ de code van zes cijfers uit je authenticator-app.'}
      </p>
      <CodeForm
        key={recovery ? 'recovery' : 'app'}
        id="second-step-code"
        label={recovery ? 'Herstelcode' : 'Code uit je app'}
        submitLabel="Inloggen"
        recovery={recovery}
        onCode={async (code) => onLoggedIn(await adminApi.loginSecondStep(challenge, code))}
      />
      <p>
        <button type="button" className="admin-link-button" onClick={() => setRecovery(!recovery)}>
          {recovery ? 'Een code uit je app gebruiken' : 'Een herstelcode gebruiken'}
        </button>{' '}
        <button type="button" className="admin-link-button" onClick={onCancel}>
          Annuleren
        </button>
      </p>
    </section>
  );
}
