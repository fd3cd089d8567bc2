/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    // The server's CSP allows no inline script; the entry is a plain module script.
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
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
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A guard against hangs, not a speed check: on a loaded 2-core machine the first render of a
    // page test (jsdom, the router, lazy chunks) can take longer than Vitest's default of 5 s.
    testTimeout: 20_000,
  },
});
