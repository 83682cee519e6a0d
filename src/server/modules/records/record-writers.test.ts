import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 16 §2: live updates are published by every writer of records. The writers are few and
// known. Issue 27 §2: each takes a RecordWriter, which only kernel/record-writes.ts `writeRecords`
// hands out, and that one function publishes what the write changed, after it committed (in-process
// at once, other servers by NOTIFY). A new statement writing `reports` anywhere else fails here until
// it is listed and takes a RecordWriter; publishing anywhere but writeRecords fails here too.
// Behaviour: cross-instance.test.ts (saves, submitted toggle, invitations, on PostgreSQL),
// record-subscription.test.ts, form-versions.test.ts.

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Every module that writes `life_records`, and how what it writes reaches subscribers. */
const WRITERS: Record<string, string> = {
  'modules/records/record-repository.ts': 'the submitted toggle, §5 migration',
  'modules/records/record-answer-merge.ts': 'saves and submit (record-repository.ts passes them on)',
  'modules/form-versions/form-version-repository.ts': 'mapped migration and undo',
  'modules/records/record-assignment-service.ts': 'a credit given out (invitations call assignRecord)',
  'modules/payments/purchase-repository.ts': 'credits bought: the new records',
  'modules/identity/sign-in-service.ts': 'records moved at sign-in (resolveViewer)',
  'modules/records/record-provisioning-service.ts':
    'the CLI creates a record: new, so nobody can be subscribed to it yet',
  'modules/demo/demo-seed-service.ts': 'demo records created by the CLI: new, nobody subscribed yet',
  'db/encryption/seal-legacy-rows.ts':
    'issue 30 §4: old plaintext sealed at start-up, before the server listens (nobody subscribed); the answers read the same',
};

/** Writers that run before the server listens, so nobody can be subscribed yet. */
const START_UP_ONLY = ['db/encryption/seal-legacy-rows.ts'];

/** Writers that only insert new records (the CLI): nobody can be subscribed to a record not yet there. */
const CREATE_ONLY = ['modules/records/record-provisioning-service.ts', 'modules/demo/demo-seed-service.ts'];

// A statement names the table as text (`update life_records`) or as schema.ts's table in a Drizzle `sql`
// template (`update ${lifeRecords}`, issue 27 §4).
const WRITES_RECORDS =
  /\b(update|insert\s+into|delete\s+from)\s+(life_records\b|\$\{lifeRecords\})|\.(insert|update|delete)\(\s*lifeRecords\s*\)/i;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('writers of records (issue 16 §2)', () => {
  it('are exactly the known ones, each of which publishes what it changes', () => {
    const writers = sourceFiles(serverRoot)
      .filter((file) => WRITES_RECORDS.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(serverRoot, file).split(path.sep).join('/'))
      .sort();
    expect(writers).toEqual(Object.keys(WRITERS).sort());
  });

  it('take a RecordWriter, so what they change goes through writeRecords (issue 27 §2)', () => {
    for (const file of Object.keys(WRITERS).filter(
      (name) => !CREATE_ONLY.includes(name) && !START_UP_ONLY.includes(name),
    )) {
      expect(fs.readFileSync(path.join(serverRoot, file), 'utf8'), file).toMatch(/\bwriter: RecordWriter\b/);
    }
  });

  it('that only create records never update or delete one', () => {
    for (const file of CREATE_ONLY) {
      const text = fs.readFileSync(path.join(serverRoot, file), 'utf8');
      expect(text, file).not.toMatch(
        /\b(update|delete\s+from)\s+life_records\b|\.(update|delete)\(\s*lifeRecords\s*\)/i,
      );
    }
  });

  it('publish only through writeRecords, after the write resolved', () => {
    const publishers = sourceFiles(serverRoot)
      .filter((file) => /\.changed\(/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(serverRoot, file).split(path.sep).join('/'));
    expect(publishers).toEqual(['kernel/record-writes.ts']);
  });
});
