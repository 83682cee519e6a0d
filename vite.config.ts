import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const backend = process.env.DEV_BACKEND_URL ?? 'http://localhost:8080';
const proxied = ['/api', '/oidc', '/mailbox', '/healthz', '/readyz'];

export default defineConfig({
  root: 'src/web',
  plugins: [
    react(),
    // Issue 15 §3: every asset is compressed once at build time, so the server sends the
    // smallest file the browser accepts without spending CPU per request.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      threshold: 1024,
      deleteOriginalAssets: false,
    }),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Issue 15 §2: everything the entry imports goes into the entry's own file. Left alone,
        // the bundler split it into a dozen small files that every page then asked for one by one.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      ...Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
      '/graphql': { target: backend, ws: true, changeOrigin: false },
    },
  },
});
