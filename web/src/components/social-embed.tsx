import { AppLink } from './app-link';

const PROVIDER_NAMES: Record<string, string> = {
  instagram: 'Instagram',
  x: 'X',
  twitter: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  facebook: 'Facebook',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
};

/** The display name of a social network, e.g. 'instagram' → 'Instagram'. */
export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider.toLowerCase()] ?? provider;
}

export interface SocialEmbedProps {
  provider: string; // 'instagram', 'x', 'youtube', ...
  url: string; // the post on the network
  title: string; // the post's text or a short description
}

/**
 * A social media post in an article. It needs consent in the 'social' category (spec §1); until
 * that is given, a placeholder says why and links to the post on the network itself.
 */
export function SocialEmbed({ provider, url, title }: SocialEmbedProps) {
  const name = providerName(provider);
  return (
    <aside className="social-placeholder" aria-label={`Bericht op ${name}`}>
      <p className="social-placeholder__title">Inhoud van {name}</p>
      {title && <blockquote className="social-placeholder__text">{title}</blockquote>}
      <p>
        Dit bericht wordt pas getoond als je toestemming geeft voor cookies in de categorie ‘social’. Je kunt
        het ook direct bekijken op {name}.
      </p>
      {/^https?:\/\//i.test(url) && <AppLink to={url}>Bekijk op {name}</AppLink>}
    </aside>
  );
}
