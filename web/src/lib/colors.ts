// Text colours that keep WCAG AA contrast (4.5:1) on accent backgrounds.

function channelToLinear(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of '#rrggbb' or '#rgb'; null when not a hex colour. */
export function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => channelToLinear(parseInt(h.slice(i, i + 2), 16)));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** Contrast ratio between two colours. */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(a) ?? 0;
  const lb = luminance(b) ?? 0;
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** spec §9 "Default accent colour". */
export const DEFAULT_ACCENT = '#999900';

/** A channel's or category's colour, or the default accent where it has none that is a colour. */
export function accentColor(value: string | null | undefined): string {
  return value && luminance(value) !== null ? value : DEFAULT_ACCENT;
}

/** White or near-black, whichever reads better on the background. */
export function readableTextColor(background: string): '#ffffff' | '#111111' {
  const bg = accentColor(background);
  return contrastRatio(bg, '#ffffff') >= contrastRatio(bg, '#111111') ? '#ffffff' : '#111111';
}
