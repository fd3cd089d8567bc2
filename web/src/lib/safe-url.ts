/** Like server/src/pages/content_safety.hpp safe_url: a site path, a fragment, or an http(s) or mailto URL. */
export function isSafeUrl(url: string): boolean {
  for (const c of url) {
    const code = c.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || /\s/.test(c)) return false;
  }
  if (url.startsWith('/')) return !url.startsWith('//');
  if (url.startsWith('#')) return true;
  return /^(https?:\/\/[^/]|mailto:)/i.test(url);
}
