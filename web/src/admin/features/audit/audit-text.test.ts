import { describe, expect, it } from 'vitest';
import { auditText } from './audit-text';

describe('auditText', () => {
  it('shows an article body as its text, block by block, never [object Object]', () => {
    const body = [
      { type: 'heading', text: 'Storm' },
      { type: 'paragraph', text: 'De eerste alinea.', html: 'De <strong>eerste</strong> alinea.' },
      { type: 'image', url: '/uploads/images/a.webp', alt: 'Een boom', caption: 'Omgewaaid' },
      { type: 'quote', text: 'Het waaide hard.', cite: 'Een luisteraar' },
    ];
    const text = auditText(body);
    expect(text).toBe(
      'Storm ¶ De eerste alinea. ¶ [Afbeelding: Omgewaaid – Een boom – /uploads/images/a.webp] ¶ [Citaat: Het waaide hard. – Een luisteraar]',
    );
    expect(text).not.toContain('[object Object]');
  });

  it('shows plain values, lists and nothing as before', () => {
    expect(auditText(null)).toBe('–');
    expect(auditText([])).toBe('(geen)');
    expect(auditText(['storm', 'verkeer'])).toBe('storm, verkeer');
    expect(auditText([3, 4])).toBe('3, 4');
    expect(auditText({ a: 1 })).toBe('{"a":1}');
    expect(auditText('storm')).toBe('storm');
    expect(auditText(0)).toBe('0');
  });

  it('shows a list block by its kind and items, a yes or no and an instant in Dutch words (issue 54)', () => {
    expect(
      auditText([
        { type: 'list', ordered: false, items: [{ text: 'Een' }, { text: 'Twee' }] },
        { type: 'list', ordered: true, items: [{ text: 'Eerst' }] },
      ]),
    ).toBe('[Opsomming: Een · Twee] ¶ [Genummerde lijst: Eerst]');
    expect(auditText(true)).toBe('ja');
    expect(auditText(false)).toBe('nee');
    expect(auditText('2026-11-27T19:00:00Z')).toBe('27-11-2026, 20:00');
    expect(auditText('2026-12-31T22:59:30Z')).toBe('31-12-2026, 23:59:30');
    // Not an instant the server writes: as it is.
    expect(auditText('2026-11-27')).toBe('2026-11-27');
    expect(auditText('2026-13-45T99:99:00Z')).toBe('2026-13-45T99:99:00Z');
  });
});
