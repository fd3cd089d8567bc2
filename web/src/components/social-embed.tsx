import { grantConsent, useConsent } from '../features/consent';
import { embedUrl, providerName } from '../lib/social-embeds';

export interface SocialEmbedProps {
  /** 'x', 'instagram', 'youtube', ... */
  provider: string;
  /** The post's public URL. */
  url: string;
  /** What the post is about; the frame's title and the placeholder's text. */
  title: string;
}

/**
 * A social-media post in an article. Without consent in 'social' a placeholder says why it is not
 * shown and offers to give that consent ('Toestaan en tonen'); with it, the post shows in a
 * sandboxed frame, or as a link card when the provider cannot be framed.
 */
export function SocialEmbed({ provider, url, title }: SocialEmbedProps) {
  const allowed = useConsent('social');
  const name = providerName(provider);
  const label = `Bericht op ${name}`;
  // The server already drops unsafe URLs; a link is still only made to a web address.
  const link = /^https?:\/\//i.test(url) ? url : null;
  const visit = link && (
    <a href={link} target="_blank" rel="noopener noreferrer">
      Bekijk op {name}
    </a>
  );

  if (!allowed) {
    return (
      <aside className="social-placeholder" aria-label={label}>
        <p className="social-placeholder__title">Inhoud van {name}</p>
        {title && <blockquote className="social-placeholder__text">{title}</blockquote>}
        <p>
          Dit bericht komt van {name}. Dat kan cookies plaatsen en je volgen, daarom tonen we het pas als je
          toestemming geeft voor de categorie ‘sociale media’.
        </p>
        <p className="social-placeholder__actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              grantConsent('social').catch((error: unknown) =>
                console.error('Toestemming kon niet worden opgeslagen', error),
              );
            }}
          >
            Toestaan en tonen
          </button>{' '}
          {visit}
        </p>
      </aside>
    );
  }

  const src = link && embedUrl(provider, link);
  if (!src) {
    return (
      <aside className="social-card" aria-label={label}>
        <p className="social-placeholder__title">{label}</p>
        {title && <blockquote className="social-placeholder__text">{title}</blockquote>}
        {visit}
      </aside>
    );
  }
  return (
    <figure className="social-embed">
      <iframe
        className="social-embed__frame"
        src={src}
        title={`${label}: ${title}`}
        loading="lazy"
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="strict-origin-when-cross-origin"
      />
      <figcaption>{visit}</figcaption>
    </figure>
  );
}
