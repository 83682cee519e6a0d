import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Builds the SurveyJS peer for `npm run bench` into dist/bench-surveyjs (production React).
export default defineConfig({
  root: 'bench/peer',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: '../../dist/bench-surveyjs',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
  },
});
