import { describe, expect, it } from 'vitest';
import { resolveMerge, threeWayMerge } from './version-merge';
import { paragraph as p, versionFields as fields } from './version-test-fields';

describe('threeWayMerge', () => {
  it('takes a field changed on one side only from that side', () => {
    const base = { title: 'Storm', intro: 'Kort.', body: [] };
    const merge = threeWayMerge(
      fields,
      base,
      { ...base, title: 'Zware storm' },
      { ...base, intro: 'Langer.' },
    );
    expect(merge.conflicts).toEqual([]);
    expect(resolveMerge(merge, {})).toEqual({ title: 'Zware storm', intro: 'Langer.', body: [] });
  });

  it('merges blocks changed on different sides by themselves', () => {
    const base = { title: 'T', intro: '', body: [p('Eén.'), p('Twee.')] };
    const mine = { ...base, body: [p('Eén.'), p('Twee, door Bram.')] };
    const theirs = { ...base, body: [p('Eén. Eva voegt toe.'), p('Twee.')] };
    const merge = threeWayMerge(fields, base, mine, theirs);
    expect(merge.conflicts).toEqual([]);
    expect(resolveMerge(merge, {})['body']).toEqual([p('Eén. Eva voegt toe.'), p('Twee, door Bram.')]);
  });

  it('keeps blocks added on either side and a removal on one side', () => {
    const base = { title: 'T', intro: '', body: [p('A'), p('B'), p('C')] };
    const mine = { ...base, body: [p('A'), p('B'), p('C'), p('Mijn slot')] };
    const theirs = { ...base, body: [p('Nieuw begin'), p('A'), p('C')] };
    const merge = threeWayMerge(fields, base, mine, theirs);
    expect(merge.conflicts).toEqual([]);
    expect(resolveMerge(merge, {})['body']).toEqual([p('Nieuw begin'), p('A'), p('C'), p('Mijn slot')]);
  });

  it('makes a block changed on both sides a conflict to choose, mine unless theirs is chosen', () => {
    const base = { title: 'T', intro: '', body: [p('Eén.'), p('Twee.')] };
    const mine = { ...base, body: [p('Eén, van mij.'), p('Twee.')] };
    const theirs = { ...base, body: [p('Eén, van Eva.'), p('Twee!')] };
    const merge = threeWayMerge(fields, base, mine, theirs);
    expect(merge.conflicts).toHaveLength(1);
    const conflict = merge.conflicts[0];
    expect(conflict).toMatchObject({
      field: 'body',
      position: 1,
      mine: [p('Eén, van mij.')],
      theirs: [p('Eén, van Eva.')],
    });
    expect(resolveMerge(merge, {})['body']).toEqual([p('Eén, van mij.'), p('Twee!')]);
    expect(resolveMerge(merge, { [conflict?.id ?? '']: 'theirs' })['body']).toEqual([
      p('Eén, van Eva.'),
      p('Twee!'),
    ]);
  });

  it('makes a field changed on both sides a conflict, and the same change on both sides none', () => {
    const base = { title: 'T', intro: 'I', body: [] };
    const merge = threeWayMerge(
      fields,
      base,
      { ...base, title: 'Mijn', intro: 'Zelfde' },
      { ...base, title: 'Haar', intro: 'Zelfde' },
    );
    expect(merge.conflicts.map((conflict) => conflict.id)).toEqual(['field:title']);
    expect(resolveMerge(merge, { 'field:title': 'theirs' })).toEqual({
      title: 'Haar',
      intro: 'Zelfde',
      body: [],
    });
  });

  it('makes a block removed on one side and changed on the other a conflict', () => {
    const base = { title: 'T', intro: '', body: [p('A'), p('B')] };
    const merge = threeWayMerge(
      fields,
      base,
      { ...base, body: [p('A')] },
      { ...base, body: [p('A'), p('B!')] },
    );
    expect(merge.conflicts).toHaveLength(1);
    expect(merge.conflicts[0]).toMatchObject({ mine: [], theirs: [p('B!')] });
  });
});
