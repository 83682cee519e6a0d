// `npm run dev`: the server restarts when its code changes; Vite serves the client with hot reload
// on http://localhost:5173 and proxies the API, the identity provider and the mailbox to the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env, DEV_CLIENT_ORIGIN: 'http://localhost:5173' };
const children = [
  spawn(process.execPath, ['--watch-path=src/server', '--watch-path=src/domain', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
