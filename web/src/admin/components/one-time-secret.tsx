import { useEffect, useRef } from 'react';

/** A secret shown once (a one-time password or an API key), focused so it is read out. */
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
  useEffect(() => ref.current?.focus(), [secret]);
  return (
    <div className="admin-secret" role="region" aria-label={title} tabIndex={-1} ref={ref}>
      <h2>{title}</h2>
      <p>{text}</p>
      <p>
        <code data-testid="one-time-secret">{secret}</code>
      </p>
      <button type="button" onClick={onDone}>
        Gezien, verbergen
      </button>
    </div>
  );
}
