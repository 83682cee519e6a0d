import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.DEV_BACKEND_URL ?? 'http://localhost:8080';
const proxied = ['/api', '/oidc', '/mailbox', '/healthz', '/readyz'];

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
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
