// `npm start`: builds the web client when its build is missing or stale, then serves everything.
import { ensureClientBuild } from './client-build.ts';

try {
  ensureClientBuild();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
await import('../src/server/main.ts');
