// Deals the Playwright spec files out to `make test`'s shards so that they end together: the
// longest first, each to the shard with the least work so far (longest-processing-time first), by
// the seconds each spec took in a whole run on this machine (e2e/spec-seconds.json). A spec not
// in the file counts as the median. Prints one line per shard, its spec files separated by spaces.
// Usage: node scripts/e2e-shards.mjs SHARDS SPEC...
import { readFileSync } from 'node:fs';

const [shardsText, ...specs] = process.argv.slice(2);
const shards = Number(shardsText);
if (!Number.isInteger(shards) || shards < 1) {
  console.error('usage: node scripts/e2e-shards.mjs SHARDS SPEC...');
  process.exit(2);
}
const seconds = JSON.parse(readFileSync(new URL('../e2e/spec-seconds.json', import.meta.url), 'utf8'));
const known = Object.values(seconds).sort((a, b) => a - b);
const median = known.length > 0 ? known[Math.floor(known.length / 2)] : 1;
const weight = (spec) => seconds[spec] ?? median;

const load = Array.from({ length: shards }, () => 0);
const dealt = Array.from({ length: shards }, () => []);
for (const spec of [...specs].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
  const lightest = load.indexOf(Math.min(...load));
  dealt[lightest].push(spec);
  load[lightest] += weight(spec);
}
for (const shard of dealt) console.log(shard.join(' '));
