// Deals the Playwright spec files over `make test`'s shards so that each shard has about the same
// work: the longest first, each to the shard with the least so far, by the seconds each file took
// in an earlier whole run (e2e/spec-costs.txt; a file not listed there counts as an average one).
// Usage: node scripts/deal-specs.mjs SHARDS  → prints "SHARD FILE" lines, SHARD from 1.
import { readFileSync, readdirSync } from 'node:fs';

const shards = Number(process.argv[2] ?? 2);
const costs = new Map(
  readFileSync(new URL('../e2e/spec-costs.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [seconds, file] = line.trim().split(/\s+/);
      return [file, Number(seconds)];
    }),
);
const known = [...costs.values()];
const average = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
const specs = readdirSync(new URL('../e2e/', import.meta.url))
  .filter((name) => name.endsWith('.spec.ts'))
  .map((name) => ({ file: `e2e/${name}`, cost: costs.get(`e2e/${name}`) ?? average }))
  .sort((a, b) => b.cost - a.cost || a.file.localeCompare(b.file));
const load = Array.from({ length: shards }, () => 0);
for (const spec of specs) {
  const shard = load.indexOf(Math.min(...load));
  load[shard] += spec.cost;
  console.log(`${shard + 1} ${spec.file}`);
}
