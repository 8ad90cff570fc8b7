import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { basisTranscoder } from './build/basis-transcoder.plugin.ts';
import { precompress } from './build/precompress.plugin.ts';
import { pureContract } from './build/pure-contract.plugin.ts';

/**
 * The app is served by the Meshport server on every tenant host. In development, `vite`
 * forwards `/v2` to the server named by MESHPORT_API (default http://localhost:8080) and keeps
 * the browser's Host header so that the server still sees the tenant.
 */
const apiTarget = process.env.MESHPORT_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [pureContract(), basisTranscoder(), react(), precompress()],
  resolve: { alias: { '@/': fileURLToPath(new URL('./src/', import.meta.url)) } },
  server: {
    host: true,
    allowedHosts: ['.localhost'],
    proxy: { '/v2': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    host: true,
    allowedHosts: ['.localhost'],
    proxy: { '/v2': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    // The share page (issue 30) is its own light entry: no React, router or i18n framework.
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        share: fileURLToPath(new URL('./share.html', import.meta.url)),
      },
    },
  },
});
