import { useCallback, useEffect, useRef, useState } from 'react';
import { useBeforeUnload } from '../../components/use-before-unload';
import { useLeaveGuard } from '../../components/use-leave-guard';

/** What the browser's confirm asks when another page of the admin is opened while the codes show. */
export const CODES_LEAVE_MESSAGE =
  'Je herstelcodes worden hierna niet meer getoond. Wil je deze pagina verlaten zonder ze te bewaren?';

/**
 * While it is shown, another page of the admin asks first (issue 54: a click in the menu skipped
 * the codes without a word). Only inside the admin's router, which its blocker needs.
 */
export function CodesLeaveGuard() {
  const setShown = useLeaveGuard(CODES_LEAVE_MESSAGE);
  useEffect(() => setShown(true), [setShown]);
  return null;
}

/** The ten recovery codes, shown once: to copy or download, then gone. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState('');
  useEffect(() => ref.current?.focus(), []);
  // They are never shown again: a reload or a closed tab before 'Ik heb ze bewaard' asks first
  // (issue 54: a reload skipped them without a word).
  const saved = useRef(false);
  useBeforeUnload(useCallback(() => !saved.current, []));
  const text = `Herstelcodes voor Ether Beheer (elke code werkt één keer)\n\n${codes.join('\n')}\n`;
  const copy = () => {
    navigator.clipboard
      .writeText(text)
      .then(() => setCopied('De codes zijn gekopieerd.'))
      .catch(() => setCopied('Kopiëren lukte niet; selecteer de codes en kopieer ze zelf.'));
  };
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="admin-secret" role="region" aria-label="Je herstelcodes" tabIndex={-1} ref={ref}>
      <h2>Je herstelcodes</h2>
      <p>
        Bewaar deze codes op een veilige plek. Ben je je telefoon kwijt, dan log je met een van deze codes in;
        elke code werkt één keer. Ze worden niet opnieuw getoond.
      </p>
      <ul className="admin-recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p>
        <button type="button" onClick={copy}>
          Kopiëren
        </button>{' '}
        <a className="admin-button-link" href={download} download="ether-herstelcodes.txt">
          Downloaden
        </a>
      </p>
      <p role="status">{copied}</p>
      <button
        type="button"
        onClick={() => {
          saved.current = true;
          onDone();
        }}
      >
        Ik heb ze bewaard
      </button>
    </div>
  );
}
