/** A page's data that could not be loaded: the message, announced, and 'Opnieuw proberen'. */
export function LoadError({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={className ? `admin-alert ${className}` : 'admin-alert'}>
      <p>{message}</p>
      <button type="button" onClick={onRetry}>
        Opnieuw proberen
      </button>
    </div>
  );
}
