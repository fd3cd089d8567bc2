// Writes the brotli (quality 11) and gzip (level 9) copies of the built app's text files beside
// them ("app-1a2b.js.br", "app-1a2b.js.gz"), as nginx's brotli_static and gzip_static read them.
// The server takes a copy only when it decodes to exactly its file (server/src/http/static_assets.cpp)
// and compresses what has none; made here once per build, a start no longer spends 7 s of CPU on it.
//
//   node scripts/precompress.mjs [DIR]   (default: dist)

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, dirname, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ?? join(web, 'dist');
// The kinds of text the build writes; the server decides by Content-Type which it compresses.
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

let files = 0;
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.has(extname(entry.name))) continue;
  const path = join(entry.parentPath, entry.name);
  const bytes = readFileSync(path);
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  files += 1;
}
console.log(`precompressed ${files} files in ${dist}`);
