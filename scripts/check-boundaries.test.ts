import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// Issue 27 §1: `npm run lint` (and so `npm run validate`) fails on an upward import in src/server.
const script = fileURLToPath(new URL('./check-boundaries.ts', import.meta.url));
const roots: string[] = [];

/**
 * A throw-away project with these files (path → text), checked by the real script. Every file a
 * relative or `#server/` import names is created too, so each arrow resolves as in the project.
 */
function check(files: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  roots.push(root);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('package.json', JSON.stringify({ type: 'module', imports: { '#server/*': './src/server/*' } }));
  for (const [file, text] of Object.entries(files)) {
    for (const [, specifier = ''] of text.matchAll(/from '([^']+)'/g)) {
      const target = specifier.startsWith('#server/')
        ? `src/server/${specifier.slice('#server/'.length)}`
        : specifier.startsWith('.')
          ? path.join(path.dirname(file), specifier)
          : undefined;
      if (target && !(target in files) && !fs.existsSync(path.join(root, target)))
        write(target, 'export const x = 1;\n');
    }
  }
  for (const [file, text] of Object.entries(files)) write(file, text);
  const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('the server import check (issue 27 §1)', () => {
  it('passes the project as it stands', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.stdout + run.stderr).toContain('Import boundaries: ok');
    expect(run.status).toBe(0);
  });

  it('passes imports that point down', () => {
    const run = check({
      'src/server/kernel/result.ts': 'export const ok = 1;\n',
      'src/server/modules/a/a-service.ts': "import { ok } from '../../kernel/result.ts';\n",
      'src/server/graphql/a-resolvers.ts': "import { x } from '../modules/a/a-service.ts';\n",
      'src/server/plugins/graphql.ts': "import { y } from '../graphql/a-resolvers.ts';\n",
    });
    expect(run.status, run.output).toBe(0);
  });

  it.each([
    [
      'kernel',
      'src/server/kernel/result.ts',
      "import { auth } from '../plugins/auth.ts';\n",
      'kernel never imports plugins',
    ],
    [
      'modules',
      'src/server/modules/a/a-service.ts',
      "import { e } from '../../graphql/graphql-errors.ts';\n",
      'modules never imports graphql',
    ],
    [
      'graphql',
      'src/server/graphql/socket-gate.ts',
      "import { t } from '#server/plugins/auth.ts';\n",
      'graphql and cli never imports plugins',
    ],
    [
      'db',
      'src/server/db/database.ts',
      "import { r } from '../kernel/result.ts';\n",
      'db and config never imports kernel',
    ],
  ])('fails on an upward import from %s', (_layer, file, text, rule) => {
    const run = check({ [file]: text });
    expect(run.status).toBe(1);
    expect(run.output).toContain(`${file}: imports`);
    expect(run.output).toContain(`an upward import in the server: ${rule}`);
  });

  it("fails on a module using another module's repository", () => {
    const run = check({
      'src/server/modules/payments/checkout-service.ts':
        "import { findProduct } from '../products/product-repository.ts';\n",
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain("a module uses another module's service, never its repository");
  });

  it('fails on module folders that import each other in a circle', () => {
    const run = check({
      'src/server/modules/records/record-service.ts': "import { a } from '../users/user-service.ts';\n",
      'src/server/modules/users/user-service.ts': "import { b } from '../records/record-service.ts';\n",
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain('module folders import each other in a circle: records → users');
  });

  it('fails on files that import each other in a circle, type-only imports too', () => {
    const run = check({
      'src/web/features/record/record-editor.tsx': "import { useFormChange } from './use-form-change.ts';\n",
      'src/web/features/record/use-form-change.ts':
        "import type { LoadedRecord } from './record-editor.tsx';\n",
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain('files import each other in a circle');
  });

  it('lets tests start the whole app', () => {
    const run = check({
      'src/server/modules/a/a.test.ts': "import { buildApp } from '../../app.ts';\n",
    });
    expect(run.status, run.output).toBe(0);
  });
});

describe('the other import boundaries (STYLE.md, issue 40 §4)', () => {
  it('fails on each forbidden arrow, type-only imports included', () => {
    const run = check({
      'src/domain/progress.ts': "import fs from 'node:fs';\nimport { y } from '../web/lib/y.ts';\n",
      'src/web/lib/format.ts': "import type { Config } from '../../server/config.ts';\n",
      'src/web/features/book/book-screen.tsx': "import { r } from '../record/record-screen.tsx';\n",
      'src/web/components/button.tsx': "import { s } from '../app/shell.tsx';\n",
    });
    expect(run.status).toBe(1);
    for (const reason of [
      'src/domain/progress.ts: imports "fs" — domain code imports only zod',
      'src/domain/progress.ts: imports "src/web/lib/y.ts" — domain code imports only domain code',
      'src/web/lib/format.ts: imports "src/server/config.ts" — the web client never imports server code',
      'features never import each other',
      'shared web code never imports features or the app shell',
    ])
      expect(run.output).toContain(reason);
  });
});

describe("the domain's tests", () => {
  it('may import vitest and fast-check, nothing else from outside', () => {
    const run = check({
      'src/domain/progress.test.ts': "import { it } from 'vitest';\nimport pg from 'pg';\n",
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain('src/domain/progress.test.ts: imports "pg" — domain tests import only');
    expect(run.output).not.toContain('"vitest"');
  });
});

describe('table ownership (issue 40 §1, scripts/table-owners.ts)', () => {
  const tables = {
    'src/server/db/schema.ts': "export * from './tables/record-tables.ts';\n",
    'src/server/db/tables/record-tables.ts':
      "export const lifeRecords = pgTable(\n  'life_records',\n  {},\n);\nexport const reportGenerations = pgTable('report_generations', {});\n",
  };

  it('lets the owning module use its tables, by object and in SQL', () => {
    const run = check({
      ...tables,
      'src/server/modules/records/record-repository.ts':
        "import { lifeRecords, reportGenerations } from '../../db/schema.ts';\nconst q = sql`update life_records set version = 2`;\n",
    });
    expect(run.status, run.output).toBe(0);
  });

  it("fails on another module's table, imported (type-only too) or named in hand-written SQL", () => {
    const run = check({
      ...tables,
      'src/server/modules/book/book-repository.ts':
        "import type { lifeRecords as r } from '../../db/tables/record-tables.ts';\n",
      'src/server/modules/support/support-repository.ts':
        'const q = sql`select g.model from report_generations g join "life_records" r on r.id = g.report_id`;\n',
    });
    expect(run.status).toBe(1);
    for (const line of [
      'src/server/modules/book/book-repository.ts: uses table "life_records" — owned by src/server/modules/records/',
      'src/server/modules/support/support-repository.ts: uses table "report_generations" — owned by src/server/modules/records/',
      'src/server/modules/support/support-repository.ts: uses table "life_records"',
    ])
      expect(run.output).toContain(line);
  });

  it('fails on a table without an owner, and on an exception its file no longer needs', () => {
    const run = check({
      'src/server/db/tables/ghost-tables.ts': "export const ghosts = pgTable('ghosts', {});\n",
      'src/server/modules/organizations/organization-repository.ts': 'export const none = 1;\n',
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain('table "ghosts" has no owner in scripts/table-owners.ts');
    expect(run.output).toContain(
      'src/server/modules/organizations/organization-repository.ts no longer uses "life_records"; remove the exception',
    );
  });
});
