// The initial JavaScript of every listener page, brotli-compressed as the server serves it
// (quality 11), from the Vite manifest of `vite build`: the entry with its static imports, plus the
// route's page chunk with its static imports (the chunks the entry loads, with their modulepreloads,
// before the page can render), plus whatever index.html itself modulepreloads. Exits 1 when any
// route is over the budget (80 KB by default), or when a file of a route's initial JavaScript lacks
// the compile hint that has V8 compile it off the main thread (vite.config.ts, compileHints).
//
//   node scripts/bundle-size.mjs [--json] [--budget BYTES] [--dist DIR]

import { readFileSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import ts from 'typescript';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const dist = option('--dist', join(web, 'dist'));
const budget = Number(option('--budget', 80 * 1000));
const json = args.includes('--json');

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch (error) {
  console.error(`No Vite manifest in ${dist} (run vite build first): ${error.message}`);
  process.exit(2);
}

const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const brotliCache = new Map();
function brotliSize(file) {
  if (!brotliCache.has(file)) {
    const bytes = readFileSync(join(dist, file));
    const packed = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    brotliCache.set(file, {
      raw: bytes.length,
      brotli: packed.length,
      hinted: bytes.subarray(0, COMPILE_HINT.length).toString('utf8') === COMPILE_HINT,
    });
  }
  return brotliCache.get(file);
}

/** The manifest keys a chunk loads before it runs: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(next, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key === 'index.html');
if (!entryKey) {
  console.error('The manifest has no index.html entry');
  process.exit(2);
}

// Each route kind and the module its page comes from, as the page registry lazy-loads it; a kind
// that the registry takes from the entry (no import() of its own) loads no page chunk. Read from
// the registry's syntax tree (TypeScript's parser), so that its formatting does not matter.
const registryFile = join(web, 'src', 'app', 'page-registry.tsx');
const registryTree = ts.createSourceFile(
  registryFile,
  readFileSync(registryFile, 'utf8'),
  ts.ScriptTarget.Latest,
  true,
  ts.ScriptKind.TSX,
);
function lazyImportOf(node) {
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    const [specifier] = node.arguments;
    if (specifier && ts.isStringLiteralLike(specifier)) return specifier.text;
  }
  return ts.forEachChild(node, lazyImportOf);
}
const routes = new Map();
ts.forEachChild(registryTree, function visit(node) {
  if (
    ts.isVariableDeclaration(node) &&
    node.name.getText() === 'REGISTRY' &&
    node.initializer &&
    ts.isObjectLiteralExpression(node.initializer)
  ) {
    for (const property of node.initializer.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const name = ts.isStringLiteralLike(property.name) ? property.name.text : property.name.getText();
      const specifier = lazyImportOf(property.initializer);
      routes.set(name, specifier ? relative(web, join(dirname(registryFile), specifier)) : null);
    }
  }
  ts.forEachChild(node, visit);
});
if (routes.size === 0) {
  console.error('No REGISTRY of routes found in src/app/page-registry.tsx');
  process.exit(2);
}

function pageKey(module) {
  if (!module) return null;
  const key = Object.keys(manifest).find(
    (candidate) => candidate === `${module}/index.ts` || candidate.replace(/\.tsx?$/, '') === module,
  );
  if (!key) throw new Error(`No chunk for ${module} in the manifest`);
  return key;
}

// Chunks that the page's HTML preloads load at start-up on every route, whatever the entry needs.
const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
const preloadKeys = [...indexHtml.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+)"/g)].map(
  ([, file]) => {
    const key = Object.keys(manifest).find((candidate) => manifest[candidate].file === file);
    if (!key) throw new Error(`index.html preloads ${file}, which is not in the manifest`);
    return key;
  },
);

const results = [];
for (const [route, module] of routes) {
  const keys = closure(entryKey);
  for (const key of preloadKeys) closure(key, keys);
  const page = pageKey(module);
  if (page) closure(page, keys);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  let raw = 0;
  let brotli = 0;
  const unhinted = [];
  for (const file of files) {
    const size = brotliSize(file);
    raw += size.raw;
    brotli += size.brotli;
    if (!size.hinted) unhinted.push(file);
  }
  results.push({ route, raw, brotli, files, unhinted, over: brotli > budget });
}

if (json) {
  console.log(JSON.stringify({ budget, routes: results }, null, 2));
} else {
  console.log(`Initial JavaScript per listener route (brotli q11; budget ${budget} B):`);
  for (const { route, raw, brotli, files, unhinted, over } of results) {
    console.log(
      `  ${route.padEnd(22)} ${String(brotli).padStart(7)} B brotli  ${String(raw).padStart(7)} B raw  ` +
        `${files.length} file${files.length === 1 ? '' : 's'}${over ? '  OVER BUDGET' : ''}` +
        (unhinted.length > 0 ? `  NO COMPILE HINT: ${unhinted.join(', ')}` : ''),
    );
  }
}
const largest = results.reduce((a, b) => (b.brotli > a.brotli ? b : a));
if (!json) console.log(`largest: ${largest.route} ${largest.brotli} B of ${budget} B`);
const over = results.filter((result) => result.over);
if (over.length > 0) {
  console.error(`Over the ${budget} B budget: ${over.map((result) => result.route).join(', ')}`);
  process.exit(1);
}
const unhinted = results.filter((result) => result.unhinted.length > 0);
if (unhinted.length > 0) {
  console.error(
    `Initial JavaScript without the compile hint: ${unhinted.map((result) => result.route).join(', ')}`,
  );
  process.exit(1);
}
