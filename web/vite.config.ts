/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The listener's pages run on Preact's React-compatible runtime: React DOM alone is about 60 KB
// brotli, Preact with its compat layer about 5 KB, and the first screen of a phone has to fit in
// 80 KB of script (bench/lighthouse, scripts/bundle-size.mjs: `npm run size`). The code is written against
// React's API; the dev server and the unit tests (Vitest) run it on React, the e2e suite on the
// shipped build.
const preact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

// React Router's package exports name only its development build, whose warnings and checks the
// listener would download for nothing: the build takes the production one it ships beside it
// (631 B brotli off every page).
const productionBuilds = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(
      new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
    ),
  },
];

// Chromium compiles a function only when it is first called, on the main thread: at start-up that
// was 100-185 ms of the first page's tasks (trace category disabled-by-default-v8.compile, 4x
// slower on Lighthouse's phone: issue 13, total blocking time). This magic comment, first in a
// file, asks V8 to compile all of the file's functions while the script streams in, on a
// background thread (explicit compile hints, Chromium 136 on). For the listener's own chunks, each
// loaded when what it holds is about to render (a page, the consent box, the expanded player); not
// for hls.js or the error reporting client, most of whose code a visit never calls, nor the admin
// (its own build). scripts/bundle-size.mjs checks that every route's initial JavaScript has it.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

function compileHints(): Plugin {
  return {
    name: 'ether-compile-hints',
    apply: 'build',
    generateBundle: {
      // Last: after the minifier, which would drop the comment, and after Vite puts its table of
      // lazily loaded files at the top of a chunk.
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const mostlyUncalled = (facade: string) =>
          facade.includes('/node_modules/hls.js/') ||
          facade.endsWith('/src/features/error-reporting/sentry-client.ts');
        for (const chunk of chunks) {
          if (!mostlyUncalled(chunk.facadeModuleId ?? '')) chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}

// Tests of plain modules (`.test.ts`) that need a DOM: they run in jsdom with the components.
const domModuleTests = [
  'src/components/stream-source.test.ts',
  'src/features/player/audio-engine.test.ts',
  'src/components/media.test.ts',
  'src/api/page-client.test.ts',
  'src/features/layout/head.test.ts',
  'src/features/podcasts/feed-link.test.ts',
  'src/features/consent/start-consent.test.ts',
  'src/lib/server-html.test.ts',
  'src/lib/carried-input.test.ts',
  'src/features/overlays/server-banner.test.ts',
  'src/lib/analytics.test.ts',
  'src/admin/components/block-editor/blocks.test.ts',
  'src/admin/components/block-editor/insertion.test.ts',
  'src/admin/components/block-editor/card-events.test.ts',
];

export default defineConfig(({ command }) => ({
  plugins: [react(), compileHints()],
  resolve: { alias: command === 'build' ? [...preact, ...productionBuilds] : [] },
  // The §9 image presets are imported from the server's table (server/src/media/image_presets.json).
  server: { fs: { allow: ['.', '../server/src/media/image_presets.json'] } },
  build: {
    manifest: true,
    // The server's CSP allows no inline script; the entry is a plain module script.
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
    // Terser packs the listener's script about 4% tighter than esbuild (the entry 63.4 KB brotli
    // against 66.1 KB), which keeps every page under issue 49's limit of 68,349 B with live rewind
    // in (scripts/bundle-size.mjs --budget, in `make test`); the build takes a few seconds longer.
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, compress: { passes: 3 } },
    rollupOptions: {
      output: {
        // Name each lazily loaded page chunk after its feature folder.
        chunkFileNames: (chunk) => {
          const feature = /features\/([^/]+)\/index\.ts$/.exec(chunk.facadeModuleId ?? '');
          return `assets/${feature?.[1] ?? '[name]'}-[hash].js`;
        },
      },
    },
  },
  test: {
    // Two projects: components (and the few plain modules that use the DOM) in jsdom, the other
    // plain modules in Node. Setting up jsdom took 114 s of the suite's 157 s of worker time when
    // every file had it; a module test that needs the DOM fails in Node at once ("document is not
    // defined") and belongs in `domModuleTests`.
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          include: ['src/**/*.test.tsx', ...domModuleTests],
        },
      },
      {
        extends: true,
        // e2e/ holds the Playwright specs' own helpers; their pure parts are tested here.
        test: {
          name: 'logic',
          environment: 'node',
          include: ['src/**/*.test.ts', 'e2e/**/*.test.ts', 'scripts/**/*.test.mjs'],
          exclude: domModuleTests,
        },
      },
    ],
    css: false,
    // A committed `.only` would shrink the run and stay green; Vitest allows it unless CI is set,
    // which `make test` does not set.
    allowOnly: false,
    // A guard against hangs, not a speed check: on a loaded 2-core machine the first render of a
    // page test (jsdom, the router, lazy chunks) can take longer than Vitest's default of 5 s.
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores, which is a single worker on the 2-core
    // machines `make test` runs on; the main process only collects results, so use every core.
    maxWorkers: availableParallelism(),
  },
}));
