import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { BREAKPOINTS } from '../lib/images';

// spec §9 "Breakpoints (px)": the listener site's layout changes only at XS 320, S 600, M 768,
// L 1200, XL 1344, XXL 1550, FHD 1920, QHD 2560 and UHD 3860. Every width in a media query of its
// style sheets is one of them: 'min-width: N' from a breakpoint on, 'max-width: N-1' below it. The
// admin (src/admin) is the station's tool, not the listener site of the spec.

const source = fileURLToPath(new URL('..', import.meta.url));

function styleSheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return relative(source, path) === 'admin' ? [] : styleSheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('breakpoints (spec §9)', () => {
  it('are the spec values', () => {
    expect(BREAKPOINTS).toEqual({
      XS: 320,
      S: 600,
      M: 768,
      L: 1200,
      XL: 1344,
      XXL: 1550,
      FHD: 1920,
      QHD: 2560,
      UHD: 3860,
    });
  });

  it('are the only widths the listener style sheets change at', () => {
    const allowed = new Set<number>(Object.values(BREAKPOINTS));
    const sheets = styleSheets(source);
    expect(sheets.length).toBeGreaterThan(3);
    const strays: string[] = [];
    for (const sheet of sheets) {
      const css = readFileSync(sheet, 'utf8');
      for (const match of css.matchAll(/@media[^{]*/g)) {
        for (const width of match[0].matchAll(/(min|max)-width:\s*([\d.]+)px/g)) {
          const [, bound, value] = width;
          const at = bound === 'min' ? Number(value) : Math.ceil(Number(value) + 0.01);
          if (!allowed.has(at)) strays.push(`${relative(source, sheet)}: ${match[0].trim()}`);
        }
      }
    }
    expect(strays).toEqual([]);
  });
});
