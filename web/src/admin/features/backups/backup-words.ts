/** How often, in Dutch, for a schedule of `seconds`. */
export function scheduleWords(seconds: number): string {
  const hours = Math.round(seconds / 3600);
  if (hours === 24) return 'elke dag';
  if (hours === 24 * 7) return 'elke week';
  if (hours === 1) return 'elk uur';
  return `elke ${hours} uur`;
}

/** A size in bytes as a Dutch reader writes it: "1,2 GB", "850 MB", "12 kB". */
export function sizeWords(bytes: number): string {
  const units: [number, string][] = [
    [1e9, 'GB'],
    [1e6, 'MB'],
    [1e3, 'kB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) {
      return `${(bytes / size).toLocaleString('nl-NL', { maximumFractionDigits: 1 })} ${unit}`;
    }
  }
  return `${bytes} bytes`;
}

/** A duration in seconds: "11,4 seconden", "3 minuten". */
export function durationWords(seconds: number): string {
  if (seconds < 90) {
    const rounded = seconds.toLocaleString('nl-NL', { maximumFractionDigits: 1 });
    return `${rounded} ${seconds === 1 ? 'seconde' : 'seconden'}`;
  }
  return `${Math.round(seconds / 60)} minuten`;
}
