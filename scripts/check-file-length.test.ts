import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// Issue 40 §5: `npm run lint` fails on a source file over 300 lines.
const script = fileURLToPath(new URL('./check-file-length.ts', import.meta.url));
const roots: string[] = [];

function check(files: Record<string, number>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-length-'));
  roots.push(root);
  for (const [file, lines] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), 'export const x = 1;\n'.repeat(lines));
  }
  const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('the file length check (issue 40 §5)', () => {
  it('passes files of 300 lines, long tests and generated code', () => {
    const run = check({
      'src/server/a.ts': 300,
      'src/web/b.css': 300,
      'src/server/a.test.ts': 900,
      'e2e/x.spec.ts': 900,
      'src/server/graphql/generated-types.ts': 2000,
      'src/web/gql/graphql.ts': 2000,
    });
    expect(run.output).toContain('File length: ok');
    expect(run.status).toBe(0);
  });

  it('fails on each source file over 300 lines, naming it', () => {
    const run = check({ 'src/server/long.ts': 301, 'src/web/long.css': 400, 'e2e/support/f.ts': 350 });
    expect(run.status).toBe(1);
    expect(run.output).toContain('src/web/long.css: 400 lines');
    expect(run.output).toContain('e2e/support/f.ts: 350 lines');
    expect(run.output).toContain('src/server/long.ts: 301 lines');
  });
});
