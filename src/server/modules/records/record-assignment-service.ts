import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { column, prepared, runStatement, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { lifeRecords } from '../../db/schema.ts';
import type { RecordWriter } from '../../kernel/record-writes.ts';

// Issue 40 §1 (decision 202): the records module's commands for giving a credit (an unassigned
// record, DESIGN §4) to a person. Another module calls them inside its own transaction, opened on the
// writer that writeRecords handed it, so the record's subscribers hear of it after the commit.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A transaction opened on a RecordWriter's database (`writer.db.transaction`). */
export type WriterTransaction = { writer: RecordWriter; tx: Tx };

const r = lifeRecords;

// Run inside the caller's transaction (runStatement).
const TAKE_CREDIT = prepared<ColumnsOfRow<typeof lifeRecords, 'id'>>(
  'record-take-credit',
  sql`select ${r.id} from ${r}
      where ${r.organizationId} = ${value('organizationId')}::uuid
        and ${r.inventoryTypeId} = ${value('inventoryTypeId')}::uuid and ${r.clientId} is null
      order by ${r.createdAt}, ${r.id}
      limit 1
      for update skip locked`,
);
const ASSIGN = prepared<never>(
  'record-assign',
  sql`update ${lifeRecords} set ${column(r.clientId)} = ${value('ownerId')}::uuid,
        ${column(r.invitedName)} = ${value('invitedName')},
        ${column(r.updatedAt)} = now(), ${column(r.version)} = ${r.version} + 1
      where ${r.id} = ${value('recordId')}::uuid`,
);

/**
 * The oldest unassigned record of the type and organization, locked for this transaction. FOR UPDATE
 * SKIP LOCKED: two invitations at once never take the same credit.
 */
export async function takeUnassignedCredit(
  { tx }: WriterTransaction,
  credit: { organizationId: string; inventoryTypeId: string },
): Promise<string | undefined> {
  const [row] = await runStatement(tx, TAKE_CREDIT, credit);
  return row?.id;
}

/** customer-app §6: the invited person becomes the record's client, under the name the inviter gave. */
export async function assignRecord(
  { tx }: WriterTransaction,
  assignment: { recordId: string; ownerId: string; invitedName: string },
): Promise<void> {
  await runStatement(tx, ASSIGN, assignment);
}
