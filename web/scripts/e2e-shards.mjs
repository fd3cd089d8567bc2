// Deals the Playwright spec files out to shards that run at once (scripts/test-all), so that they
// finish together: the longest spec first, each to the shard with the least time so far, by the
// seconds each spec took in a measured run (e2e/spec-seconds.json). A spec not measured yet counts
// as the median of those that were.
//
//   node scripts/e2e-shards.mjs SHARDS SHARD spec...   prints the specs of shard SHARD (1-based)

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @param {string[]} specs the spec files to run
 * @param {Record<string, number>} seconds measured seconds per spec file
 * @param {number} shards how many shards run at once
 * @returns {string[][]} the specs of each shard, in the order given
 */
export function dealSpecs(specs, seconds, shards) {
  const known = specs.map((spec) => seconds[spec]).filter((value) => typeof value === 'number');
  known.sort((a, b) => a - b);
  const median = known.length > 0 ? known[Math.floor(known.length / 2)] : 1;
  const cost = (spec) => seconds[spec] ?? median;
  const order = [...specs].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b));
  const totals = Array.from({ length: shards }, () => 0);
  const dealt = Array.from({ length: shards }, () => new Set());
  for (const spec of order) {
    const least = totals.indexOf(Math.min(...totals));
    totals[least] += cost(spec);
    dealt[least].add(spec);
  }
  return dealt.map((mine) => specs.filter((spec) => mine.has(spec)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [shardsArg, shardArg, ...specs] = process.argv.slice(2);
  const shards = Number(shardsArg);
  const shard = Number(shardArg);
  if (!(shards >= 1) || !(shard >= 1 && shard <= shards) || specs.length === 0) {
    console.error('usage: node scripts/e2e-shards.mjs SHARDS SHARD spec...');
    process.exit(2);
  }
  const table = join(dirname(fileURLToPath(import.meta.url)), '..', 'e2e', 'spec-seconds.json');
  const seconds = JSON.parse(readFileSync(table, 'utf8'));
  for (const spec of dealSpecs(specs, seconds, shards)[shard - 1]) console.log(spec);
}
