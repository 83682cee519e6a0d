import { describe, expect, it } from 'vitest';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { type OpenPurpose, openRecords, recordReader, Withheld } from './open-records.ts';

// Issue 40 §2 (decision 204): the door's rules, without a database: the audit's statement is faked,
// so each case shows which records it names. The end-to-end proof over every field and route is
// answer-audit-coverage.test.ts.

const VIEWER = { userId: 'admin', organizationId: null, roles: ['admin' as const], name: 'Ada' };

function fakeDeps(fail = false) {
  // Each audit statement's values (actor, record ids, actions …), as the database would get them.
  const entered: (readonly unknown[])[] = [];
  const database = {
    prepared: async (statement: { values: readonly unknown[] }) => {
      if (fail) throw new Error('the audit table is unreachable');
      entered.push(statement.values);
      return [];
    },
  };
  return { deps: { database } as unknown as ServiceDeps, entered };
}

const answers = (recordId: string, ownerId: string | null | undefined) => ({
  recordId,
  ownerId,
  value: new Withheld({ story: `words of ${recordId}` }),
});

describe('openRecords', () => {
  it('never shows a withheld value to JSON or a log', () => {
    expect(JSON.stringify({ data: new Withheld({ story: 'secret' }) })).toBe('{"data":"[withheld]"}');
  });

  it('enters the reads of other people’s records in one statement, not the owner’s or a credit’s', async () => {
    const { deps, entered } = fakeDeps();
    const opened = await openRecords(
      recordReader(deps, { viewer: VIEWER, requestId: 'r1' }),
      [answers('a', 'someone'), answers('b', 'admin'), answers('c', null), answers('d', undefined)],
      'record.read',
    );
    expect(opened.map((value) => value.story)).toEqual([
      'words of a',
      'words of b',
      'words of c',
      'words of d',
    ]);
    expect(entered).toHaveLength(1);
    expect(JSON.stringify(entered[0])).toContain('"a"');
    expect(JSON.stringify(entered[0])).toContain('"d"');
    expect(JSON.stringify(entered[0])).not.toContain('"b"');
  });

  it('fails closed: no entry, no words', async () => {
    const { deps } = fakeDeps(true);
    const reader = recordReader(deps, { viewer: VIEWER, requestId: null });
    await expect(openRecords(reader, [answers('a', 'someone')], 'record.read')).rejects.toThrow(
      'unreachable',
    );
  });

  it.each<[OpenPurpose, number]>([
    ['owner.use', 0],
    ['recording.lookup', 0],
    ['report.read', 1],
  ])('%s enters %i statements for the viewer’s own record and nothing else', async (purpose, statements) => {
    const { deps, entered } = fakeDeps();
    const reader = recordReader(deps, { viewer: VIEWER, requestId: null });
    await openRecords(reader, [answers('own', 'admin')], purpose);
    await openRecords(
      reader,
      [answers('other', 'someone')],
      purpose === 'owner.use' ? 'record.read' : purpose,
    );
    expect(entered).toHaveLength(purpose === 'owner.use' ? 1 : statements);
  });

  it('refuses owner.use for someone else’s record', async () => {
    const { deps } = fakeDeps();
    const reader = recordReader(deps, { viewer: VIEWER, requestId: null });
    await expect(openRecords(reader, [answers('a', 'someone')], 'owner.use')).rejects.toThrow(
      'not the viewer',
    );
  });
});
