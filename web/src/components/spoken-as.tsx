/**
 * Text shown as written and read out as `spoken`: '12:34' heard as '12 minuten 34 seconden'. An
 * aria-label on a plain span is not read by every screen reader (axe asks for a review of each),
 * so the shown text is hidden from them and the spoken one from the eye.
 */
export function SpokenAs({ text, spoken, className }: { text: string; spoken: string; className?: string }) {
  return (
    <>
      <span className={className} aria-hidden="true">
        {text}
      </span>
      <span className="visually-hidden">{spoken}</span>
    </>
  );
}
