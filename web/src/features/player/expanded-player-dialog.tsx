// The expanded player as the mini player's modal dialog: focus stays within it and Escape closes it
// (components/dialog-focus), and the page behind it does not scroll. The pop-out window shows the
// same player as its page, without these, and so without their code in its first script.

import { useRef } from 'react';
import { useDialogFocus } from '../../components/dialog-focus';
import { ExpandedPlayer } from './expanded-player';

/** The expanded player over the page; `onClose` closes it, the caller returns focus to its trigger. */
export function ExpandedPlayerDialog({ onClose }: { onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useDialogFocus(panel, close, onClose, { lockScroll: true });
  return <ExpandedPlayer variant="dialog" onClose={onClose} refs={{ panel, close }} />;
}
