import { describe, expect, it } from 'vitest';

import { dealSpecs, parseCosts } from './deal-specs.mjs';

describe('dealSpecs', () => {
  it('balances every run at once, where one run alone leaves another one-sided', () => {
    // A waits in real time (the same on both machines); B and C render (twice as long on the
    // slower machine, the first column); D waits too.
    const text = ['# seconds per run, then the file', '60 60 e2e/a.spec.ts', '30 15 e2e/b.spec.ts'];
    text.push('30 15 e2e/c.spec.ts', '20 20 e2e/d.spec.ts');
    const costs = parseCosts(text.join('\n'));
    const files = [...costs.keys()];
    const largestShare = (dealt, run) => {
      const load = [0, 0];
      for (const file of files) load[dealt.get(file)] += costs.get(file)[run];
      return Math.max(...load) / (load[0] + load[1]);
    };
    const byBoth = dealSpecs(files, costs, 2);
    expect(largestShare(byBoth, 0)).toBeLessThan(0.6);
    expect(largestShare(byBoth, 1)).toBeLessThan(0.6);
    // By the slower run alone: A and D together, 80 of the faster run's 110 s on one shard.
    const slowerOnly = new Map([...costs].map(([file, runs]) => [file, runs.slice(0, 1)]));
    expect(largestShare(dealSpecs(files, slowerOnly, 2), 1)).toBeGreaterThan(0.7);
  });

  it('counts a file without costs as an average one, and deals every file once', () => {
    const costs = parseCosts('10 e2e/a.spec.ts\n30 e2e/b.spec.ts\n');
    const files = ['e2e/a.spec.ts', 'e2e/b.spec.ts', 'e2e/new.spec.ts'];
    const dealt = dealSpecs(files, costs, 2);
    expect([...dealt.keys()].sort()).toEqual(files);
    // b (30) alone on one shard; a (10) and the new one (20, the average) on the other.
    expect(dealt.get('e2e/a.spec.ts')).toBe(dealt.get('e2e/new.spec.ts'));
    expect(dealt.get('e2e/b.spec.ts')).not.toBe(dealt.get('e2e/a.spec.ts'));
  });
});
