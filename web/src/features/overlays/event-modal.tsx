import { useId, useRef, useState } from 'react';
import { AppLink } from '../../components/app-link';
import { useDialogFocus } from '../../components/dialog-focus';
import { CountClock } from './count-clock-view';
import { parseAmsterdam } from './count-clock';
import { MODAL_FALLBACK_IMAGE, type EventModalView } from './modal-view';
import './event-modal.css';

export interface EventModalProps {
  view: EventModalView;
  /** Called once for Escape, a backdrop click, the close button and the call-to-action. */
  onClose: () => void;
  /** Where focus goes on close; without it (or when it is gone), where focus was on open, else main. */
  returnFocusTo?: () => HTMLElement | null;
}

function clockOf(view: EventModalView): { mode: 'countdown' | 'countup'; target: number } | null {
  if (view.type === 'cms_countclock_countdown' && view.endDate) {
    const target = parseAmsterdam(view.endDate);
    return target === null ? null : { mode: 'countdown', target };
  }
  if (view.type === 'cms_countclock_countup' && view.startDate) {
    const target = parseAmsterdam(view.startDate);
    return target === null ? null : { mode: 'countup', target };
  }
  return null;
}

/** The event modal of spec §2: a labelled modal dialog that holds focus while open. */
export default function EventModal({ view, onClose, returnFocusTo }: EventModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [image, setImage] = useState(view.image);
  // Focus moves in on open, stays in while open and returns where it was on close.
  useDialogFocus(panelRef, closeRef, onClose, { lockScroll: true, returnFocus: { to: returnFocusTo } });

  const clock = clockOf(view);
  return (
    // Only a click on the backdrop itself closes; the keyboard equivalent is Escape (handled above).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      className="event-modal"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className="event-modal__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      >
        <img
          className="event-modal__image"
          src={image}
          alt=""
          onError={() => setImage(MODAL_FALLBACK_IMAGE)}
        />
        <button
          ref={closeRef}
          type="button"
          className="event-modal__close"
          aria-label="Sluiten"
          title="Sluiten"
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
        <div className="event-modal__body">
          {view.logoUrl && <img className="event-modal__logo" src={view.logoUrl} alt="" />}
          <h2 id={titleId} className="event-modal__title">
            {view.title}
          </h2>
          <p id={descriptionId} className="event-modal__description">
            {view.description}
          </p>
          {clock && <CountClock mode={clock.mode} target={clock.target} caption={view.caption} />}
          {view.buttonUrl && view.buttonText && (
            <AppLink to={view.buttonUrl} className="event-modal__cta" onClick={onClose}>
              {view.buttonText}
            </AppLink>
          )}
        </div>
      </div>
    </div>
  );
}
