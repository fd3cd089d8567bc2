import { useEffect, useRef, useState } from 'react';

/**
 * A secret shown once (a one-time password or an API key), focused so it is read out, with
 * 'Kopieer', which puts it on the clipboard and says so.
 */
export function OneTimeSecret({
  title,
  text,
  secret,
  onDone,
}: {
  title: string;
  text: string;
  secret: string;
  onDone: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState('');
  useEffect(() => ref.current?.focus(), [secret]);
  const copy = async () => {
    try {
      // No clipboard (an http page, an old browser) throws here too: the message says what to do.
      await navigator.clipboard.writeText(secret);
      setCopied('Gekopieerd');
    } catch {
      setCopied('Kopiëren lukte niet; selecteer de tekst en kopieer die zelf.');
    }
  };
  return (
    <div className="admin-secret" role="region" aria-label={title} tabIndex={-1} ref={ref}>
      <h2>{title}</h2>
      <p>{text}</p>
      <p>
        <code data-testid="one-time-secret">{secret}</code>{' '}
        <button type="button" onClick={() => void copy()}>
          Kopieer<span className="visually-hidden">: {title}</span>
        </button>
      </p>
      <p role="status">{copied}</p>
      <button type="button" onClick={onDone}>
        Gezien, verbergen
      </button>
    </div>
  );
}
