import type { ReactNode } from 'react';

/** A spinner with a visible and announced text. */
export function Loading({ label = 'Laden…', size = 18 }: { label?: string; size?: number }) {
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** 'Geen … gevonden' for an empty list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="state state--empty">{children}</p>;
}

/** A Dutch error message with an optional retry button. */
export function ErrorState({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <div className="state state--error" role="alert">
      <p className="state__title">{title}</p>
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Opnieuw proberen
        </button>
      )}
    </div>
  );
}
