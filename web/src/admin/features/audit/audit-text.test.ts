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
    expect(auditText(true)).toBe('true');
    expect(auditText({ a: 1 })).toBe('{"a":1}');
  });
});
