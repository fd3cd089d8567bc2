import { useId, useState } from 'react';
import './maintenance-banner.css';
import type { MaintenanceNotification } from './types';

export interface MaintenanceBannerProps {
  notification: MaintenanceNotification;
  onDismiss: () => void;
}

/**
 * The red maintenance bar of spec §2: title, description, 'Lees meer' and, when allowed, a close
 * button. On small screens it is one line with its title; a 'Details' toggle (aria-expanded) opens
 * the description and the link, so that the bar does not take a fifth of a phone's screen.
 */
export function MaintenanceBanner({ notification, onDismiss }: MaintenanceBannerProps) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <section className={`maintenance-banner${open ? ' is-open' : ''}`} aria-label="Onderhoudsmelding">
      <svg className="maintenance-banner__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M12 2 1 21h22L12 2Z" fill="currentColor" />
        <path d="M12 9v5m0 3v.5" stroke="#b00020" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <p className="maintenance-banner__text">
        <strong className="maintenance-banner__title">{notification.title}</strong>{' '}
        <span id={detailsId} className="maintenance-banner__details">
          <span>{notification.description}</span>
          {notification.url && (
            <>
              {' '}
              <a
                className="maintenance-banner__link"
                href={notification.url}
                target="_blank"
                rel="noopener noreferrer"
              >
                Lees meer
                <span className="visually-hidden"> (opent in een nieuw venster)</span>
              </a>
            </>
          )}
        </span>
      </p>
      <button
        type="button"
        className="maintenance-banner__toggle"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Minder' : 'Details'}
        <span className="visually-hidden"> over deze melding</span>
      </button>
      {notification.isDismissable && (
        <button
          type="button"
          className="maintenance-banner__close"
          title="Sluit deze melding"
          aria-label="Sluit deze melding"
          onClick={onDismiss}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </section>
  );
}
