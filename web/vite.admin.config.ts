import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The admin app (/beheer) is a build of its own, after the listener's (vite.config.ts), into the
// same dist/: the listener's bundle never shares a chunk with it, so it stays byte for byte what
// it was, and the listener pages never load admin code.
export default defineConfig({
  plugins: [react()],
  build: {
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
    emptyOutDir: false,
    rollupOptions: {
      input: 'beheer.html',
      output: {
        entryFileNames: 'assets/beheer-[hash].js',
        chunkFileNames: 'assets/beheer-[name]-[hash].js',
        assetFileNames: 'assets/beheer-[name]-[hash][extname]',
      },
    },
  },
});
