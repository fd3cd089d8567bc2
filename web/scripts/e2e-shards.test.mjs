import { describe, expect, it } from 'vitest';
import { dealSpecs } from './e2e-shards.mjs';

describe('dealSpecs', () => {
  it('gives the longest specs to different shards and balances the rest', () => {
    const seconds = { 'a.spec.ts': 100, 'b.spec.ts': 90, 'c.spec.ts': 60, 'd.spec.ts': 40, 'e.spec.ts': 10 };
    const [first, second] = dealSpecs(Object.keys(seconds), seconds, 2);
    expect(first).toEqual(['a.spec.ts', 'd.spec.ts', 'e.spec.ts']);
    expect(second).toEqual(['b.spec.ts', 'c.spec.ts']);
  });

  it('counts a spec not measured yet as the median and deals every spec once', () => {
    const seconds = { 'a.spec.ts': 30, 'b.spec.ts': 20, 'c.spec.ts': 10 };
    const specs = ['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'new.spec.ts'];
    const shards = dealSpecs(specs, seconds, 2);
    expect(shards).toEqual([
      ['a.spec.ts', 'c.spec.ts'],
      ['b.spec.ts', 'new.spec.ts'],
    ]);
    expect(shards.flat().sort()).toEqual(specs);
  });

  it('leaves a shard empty when there are fewer specs than shards', () => {
    expect(dealSpecs(['a.spec.ts'], {}, 3)).toEqual([['a.spec.ts'], [], []]);
  });
});
