// Deals the Playwright spec files over `make test`'s shards so that each shard has about the same
// work, by the seconds each file took in earlier whole runs (e2e/spec-costs.txt).
//
// One run's seconds are not enough: machines differ in kind, not only in speed. A spec that waits
// on audio in real time takes about as long anywhere, one that renders and checks pages takes
// twice as long on a slower machine. Dealt by a slower machine's run (693 and 693 test-seconds
// there), the shards took 375 and 292 s on a faster one (30 Nov). So the file holds a column per
// run, and each file goes, the largest first, to the shard where the larger of its shares of the
// runs grows least: 320 and 321 test-seconds by the faster run, 693 and 694 by the slower.
// Usage: node scripts/deal-specs.mjs SHARDS  → prints "SHARD FILE" lines, SHARD from 1.
import { readFileSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * Parses e2e/spec-costs.txt: lines of seconds, one column per run, then the file; `#` comments.
 * @param {string} text
 * @returns {Map<string, number[]>}
 */
export function parseCosts(text) {
  return new Map(
    text
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => {
        const fields = line.trim().split(/\s+/);
        const file = fields.pop() ?? '';
        return [file, fields.map(Number)];
      }),
  );
}

/**
 * Which shard (from 0) each file goes to. A file without costs counts as an average one of each
 * run; each run's costs count as shares of that run's whole, so that a slower run does not
 * outweigh a faster one.
 * @param {string[]} files
 * @param {Map<string, number[]>} costs
 * @param {number} shards
 * @returns {Map<string, number>}
 */
export function dealSpecs(files, costs, shards) {
  const runs = Math.max(0, ...[...costs.values()].map((c) => c.length));
  const known = files.filter((file) => costs.has(file));
  const average = Array.from({ length: runs }, (_, run) =>
    known.length ? known.reduce((sum, file) => sum + (costs.get(file)?.[run] ?? 0), 0) / known.length : 1,
  );
  const costOf = (file) => average.map((value, run) => costs.get(file)?.[run] ?? value);
  const totals = average.map((_, run) => files.reduce((sum, file) => sum + costOf(file)[run], 0) || 1);
  const shares = new Map(files.map((file) => [file, costOf(file).map((cost, run) => cost / totals[run])]));
  const size = (file) => (shares.get(file) ?? []).reduce((a, b) => a + b, 0);
  const load = Array.from({ length: shards }, () => average.map(() => 0));
  const dealt = new Map();
  for (const file of [...files].sort((a, b) => size(b) - size(a) || a.localeCompare(b))) {
    const share = shares.get(file) ?? [];
    let best = 0;
    let bestWorst = Infinity;
    for (let shard = 0; shard < shards; shard += 1) {
      const worst = Math.max(0, ...load[shard].map((value, run) => value + (share[run] ?? 0)));
      if (worst < bestWorst) {
        best = shard;
        bestWorst = worst;
      }
    }
    load[best] = load[best].map((value, run) => value + (share[run] ?? 0));
    dealt.set(file, best);
  }
  return dealt;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const shards = Number(process.argv[2] ?? 2);
  const costs = parseCosts(readFileSync(new URL('../e2e/spec-costs.txt', import.meta.url), 'utf8'));
  const files = readdirSync(new URL('../e2e/', import.meta.url))
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => `e2e/${name}`)
    .sort();
  const dealt = dealSpecs(files, costs, shards);
  for (const file of files) console.log(`${(dealt.get(file) ?? 0) + 1} ${file}`);
}
