import { useCallback, useEffect, useRef, useState } from 'react';
import { adminApi, AdminApiError, formatInstant, type SecondFactorStatus } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import { CodeForm } from './code-form';
import { ProofForm } from './proof-form';
import { QrCode } from './qr-code';
import { CodesLeaveGuard, RecoveryCodes } from './recovery-codes';

/** The secret in groups of four, as it is easier to type over. */
function grouped(secret: string) {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * "Tweestapsverificatie": set up a code app (after the password again; then a QR code or typed
 * secret, confirmed with a current code, then the recovery codes once), or switch it off with the
 * password and a code. `forced`: a beheerder who must set it up before anything else; `onChanged`
 * follows every change.
 */
export function SecondFactorPage({ forced = false, onChanged }: { forced?: boolean; onChanged: () => void }) {
  const [status, setStatus] = useState<SecondFactorStatus>();
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string }>();
  const [codes, setCodes] = useState<string[]>();
  // The form for new recovery codes, in place of switching off: one proof form on the page at once.
  const [renewing, setRenewing] = useState(false);
  // 'Annuleren' gives the focus back to the button that opened the form.
  const renewButton = useRef<HTMLButtonElement>(null);
  const wasRenewing = useRef(false);
  useEffect(() => {
    if (wasRenewing.current && !renewing && !codes) renewButton.current?.focus();
    wasRenewing.current = renewing;
  }, [renewing, codes]);
  const [error, setError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    try {
      setStatus(await adminApi.secondFactor());
    } catch (failure) {
      setError(
        failure instanceof AdminApiError ? failure.message : 'De gegevens konden niet worden geladen.',
      );
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const done = () => {
    setCodes(undefined);
    setEnrolment(undefined);
    void load();
    onChanged();
    heading.current?.focus();
  };

  let body;
  if (codes) {
    // The forced page stands before the admin's router: there the codes can only be left by
    // 'Ik heb ze bewaard', a reload (which asks) or 'Uitloggen'.
    body = (
      <>
        {!forced && <CodesLeaveGuard />}
        <RecoveryCodes codes={codes} onDone={done} />
      </>
    );
  } else if (enrolment) {
    body = (
      <div aria-labelledby="enrol-heading" role="group">
        <h2 id="enrol-heading">Koppel je app</h2>
        <ol>
          <li>
            Open een authenticator-app op je telefoon (bijvoorbeeld FreeOTP, Aegis of Google Authenticator).
          </li>
          <li>Scan de QR-code, of typ de sleutel hieronder over.</li>
          <li>Vul de code van zes cijfers in die de app nu toont.</li>
        </ol>
        <QrCode text={enrolment.uri} label="QR-code voor je authenticator-app" />
        <p>
          Sleutel om over te typen: <code data-testid="totp-secret">{grouped(enrolment.secret)}</code>
        </p>
        <CodeForm
          id="enrol-code"
          label="Code uit je app"
          submitLabel="Bevestigen"
          onCode={async (code) => setCodes((await adminApi.confirmEnrolment(code)).recoveryCodes)}
        />
      </div>
    );
  } else if (status?.enabled) {
    body = (
      <>
        <p>
          Tweestapsverificatie staat aan sinds {formatInstant(status.enabledAt)}. Je hebt nog{' '}
          {status.recoveryCodesLeft} ongebruikte herstelcodes.
        </p>
        <h2>Herstelcodes</h2>
        {renewing ? (
          <>
            <p>
              Je krijgt tien nieuwe codes; de oude werken dan niet meer. Bevestig met je wachtwoord en een
              code.
            </p>
            <ProofForm
              id="renew"
              submitLabel="Nieuwe herstelcodes maken"
              focusFirst
              onProof={async (proof) => {
                setCodes((await adminApi.renewRecoveryCodes(proof)).recoveryCodes);
                setRenewing(false);
              }}
            />
            <button type="button" onClick={() => setRenewing(false)}>
              Annuleren
            </button>
          </>
        ) : (
          <>
            <p>Kwijt, opgebruikt of niet bewaard? Maak nieuwe; de oude werken dan niet meer.</p>
            <button type="button" ref={renewButton} onClick={() => setRenewing(true)}>
              Nieuwe herstelcodes…
            </button>
            <h2>Uitzetten</h2>
            {status.required && <p>Als beheerder moet je daarna meteen opnieuw een app koppelen.</p>}
            <ProofForm
              id="disable"
              submitLabel="Tweestapsverificatie uitzetten"
              onProof={async (proof) => {
                await adminApi.disableSecondFactor(proof);
                done();
              }}
            />
          </>
        )}
      </>
    );
  } else if (status) {
    body = (
      <>
        <p>
          {forced
            ? 'Als beheerder log je in met je wachtwoord én een code uit een app op je telefoon. Stel dat eerst in.'
            : 'Log in met je wachtwoord én een code uit een app op je telefoon: wie je wachtwoord kent, komt er dan nog niet in.'}
        </p>
        <CodeForm
          id="enrol-password"
          label="Je wachtwoord"
          hint="Eerst nog eens je wachtwoord: wie alleen je open sessie heeft, koppelt zo geen eigen telefoon."
          submitLabel="Tweestapsverificatie instellen"
          password
          onCode={async (password) => setEnrolment(await adminApi.startEnrolment(password))}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="second-factor-heading">
      <h1 id="second-factor-heading" tabIndex={-1} ref={heading}>
        Tweestapsverificatie
      </h1>
      <FormAlert message={error} />
      {body}
    </section>
  );
}
