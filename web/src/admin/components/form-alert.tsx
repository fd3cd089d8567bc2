/** A form's general error (not tied to one field), announced when it appears. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="admin-alert">
      {message}
    </p>
  );
}
