import { describe, expect, it } from 'vitest';
import { reviewLabel, reviewSummary } from './review-text';

describe('review text', () => {
  it('says who offered a draft or sent it back, and when (Dutch time)', () => {
    const waiting = { status: 'waiting', by: 'Rita', at: '2026-11-27T19:10:00Z', note: '' } as const;
    expect(reviewLabel(waiting)).toBe('Wacht op beoordeling');
    expect(reviewSummary(waiting)).toBe('aangeboden door Rita op 27-11-2026, 20:10');
    const returned = { status: 'returned', by: 'Erik', at: null, note: 'Bron erbij.' } as const;
    expect(reviewLabel(returned)).toBe('Teruggestuurd');
    expect(reviewSummary(returned)).toBe('teruggestuurd door Erik');
  });
});
