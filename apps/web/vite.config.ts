import { fileURLToPath } from 'node:url';
import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const API_TARGET = 'http://127.0.0.1:8082';

// Libraries in long-lived chunks of their own: they change less often than app code.
const VENDOR_GROUPS: { name: string; test: RegExp }[] = [
  // What every page needs (React, the router, i18next): one file rather than three also compresses
  // about 1 kB smaller (docs/BENCHMARKS.md, login page).
  {
    name: 'vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|i18next|react-i18next)[\\/]/,
  },
  // The server-state cache: signed-in screens only, one file rather than a chunk per hook.
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // '@postline/shared' exports TS sources under the 'source' condition: no prebuild needed.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: VENDOR_GROUPS.map((group) => ({ ...group, priority: 10 })),
        },
      },
    },
  },
});
