// Where a social post can be framed (spec §1: social embeds need consent in 'social'). Only these
// origins are framed; the Content-Security-Policy's frame-src (server/src/http/security_headers.hpp)
// lists exactly them. Other providers or URLs get a link card.

export const PROVIDER_NAMES: Record<string, string> = {
  instagram: 'Instagram',
  x: 'X',
  twitter: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  facebook: 'Facebook',
};

/** The framable origins, as the CSP's frame-src lists them. */
export const EMBED_ORIGINS = [
  'https://platform.twitter.com',
  'https://www.instagram.com',
  'https://www.youtube-nocookie.com',
] as const;

/** The provider's display name ('x' → 'X'). */
export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider.toLowerCase()] ?? provider;
}

/** The iframe URL for a post, or null when it cannot be framed (then a link card shows). */
export function embedUrl(provider: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:') return null;
  const host = parsed.hostname.replace(/^www\./, '');
  const p = provider.toLowerCase();
  if ((p === 'x' || p === 'twitter') && (host === 'x.com' || host === 'twitter.com')) {
    const id = /\/status\/(\d+)/.exec(parsed.pathname)?.[1];
    return id ? `https://platform.twitter.com/embed/Tweet.html?id=${id}&dnt=true&lang=nl` : null;
  }
  if (p === 'instagram' && host === 'instagram.com') {
    const code = /^\/(p|reel)\/([A-Za-z0-9_-]+)\/?$/.exec(parsed.pathname);
    return code ? `https://www.instagram.com/${code[1]}/${code[2]}/embed/` : null;
  }
  if (p === 'youtube') {
    const id =
      host === 'youtu.be'
        ? parsed.pathname.slice(1)
        : host === 'youtube.com'
          ? parsed.searchParams.get('v')
          : null;
    return id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  return null;
}
