import './maintenance-banner.css';
import type { MaintenanceNotification } from './types';

export interface MaintenanceBannerProps {
  notification: MaintenanceNotification;
  onDismiss: () => void;
}

/**
 * The red maintenance bar of spec §2: a warning icon, the bold title and the description, 'Lees
 * meer' and, when allowed, a close button. Every screen shows all of it; a phone sets it smaller.
 */
export function MaintenanceBanner({ notification, onDismiss }: MaintenanceBannerProps) {
  return (
    <section className="maintenance-banner" aria-label="Onderhoudsmelding">
      <svg className="maintenance-banner__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M12 2 1 21h22L12 2Z" fill="currentColor" />
        <path d="M12 9v5m0 3v.5" stroke="#b00020" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <p className="maintenance-banner__text">
        <strong className="maintenance-banner__title">{notification.title}</strong>{' '}
        <span className="maintenance-banner__details">
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
