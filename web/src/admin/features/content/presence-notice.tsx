import type { ContentType } from '../../api/content-client';
import { presenceText } from './presence-text';
import { usePresence } from './use-presence';

interface PresenceNoticeProps {
  type: ContentType;
  /** The open item's id; none for a new item's form. */
  itemKey: string | undefined;
}

/**
 * "Eva bewerkt dit artikel ook": the other editors who have this item open, kept current while
 * the form is open, in a polite live region (always present, so a change is announced).
 */
export function PresenceNotice({ type, itemKey }: PresenceNoticeProps) {
  const names = usePresence(type.name, itemKey);
  const text = presenceText(names, type.labelSingular);
  return (
    <p role="status" aria-live="polite" className={text ? 'admin-presence' : 'admin-presence-empty'}>
      {text}
    </p>
  );
}
