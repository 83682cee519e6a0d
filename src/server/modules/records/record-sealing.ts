import type { Answers } from '#domain/record-answers.ts';
import { readStoredAnswers } from '#domain/record-answers.ts';
import type { Database } from '../../db/database.ts';
import { RecordUnreadableError } from '../../db/encryption/record-vault.ts';
import { stringifyInSlices } from '../../kernel/json-in-slices.ts';

/**
 * Issue 30 §3: the one door through which every reader of a record's answers, narrative or
 * generations passes (record screen, lists, live updates, polling, reports, Word, export,
 * migrations): sealed bytes in, plaintext out. A value that does not open (destroyed key, wrong
 * KEK, tampered or copied ciphertext) is that record's error, carried to its own fields, never the
 * whole list's, and never garbage. Logged without content (the error names the record only).
 */
export interface Opened<T> {
  value: T;
  /** Why the record's values could not be opened (a clear message for that record). */
  unreadable?: string;
}

type Sealed = Uint8Array | null | undefined;

export async function openAnswers(database: Database, recordId: string, sealed: Sealed): Promise<Answers> {
  if (!sealed) return {};
  return readStoredAnswers(JSON.parse(await database.vault.open(recordId, 'answers', sealed)));
}

export async function sealAnswers(database: Database, recordId: string, answers: Answers): Promise<Buffer> {
  // Issue 39 §3: a large record is written in slices, the event loop free between them (decision 155).
  return database.vault.seal(recordId, 'answers', await stringifyInSlices(answers));
}

export async function openText(
  database: Database,
  recordId: string,
  purpose: 'narrative' | 'generation',
  sealed: Sealed,
): Promise<string | null> {
  return sealed ? database.vault.open(recordId, purpose, sealed) : null;
}

export function sealText(
  database: Database,
  recordId: string,
  purpose: 'narrative' | 'generation',
  text: string,
): Promise<Buffer> {
  return database.vault.seal(recordId, purpose, text);
}

export type OpenedRecord<Row> = Omit<Row, 'data' | 'report'> & {
  /** null: not read (past the budget, or not asked for), or none stored yet. */
  data: Answers | null;
  report: string | null;
  unreadable?: string;
};

/** Opens a list of record rows, their keys loaded in one key-store round trip. */
export async function openRecordRows<Row extends { id: string; data: Sealed; report: Sealed }>(
  database: Database,
  rows: readonly Row[],
): Promise<OpenedRecord<Row>[]> {
  const sealedIds = rows.filter((row) => row.data || row.report).map((row) => row.id);
  if (sealedIds.length > 0) await database.vault.preload(sealedIds);
  return Promise.all(
    rows.map(async (row) => {
      try {
        const data = row.data ? await openAnswers(database, row.id, row.data) : null;
        const report = await openText(database, row.id, 'narrative', row.report);
        return { ...row, data, report };
      } catch (error) {
        if (!(error instanceof RecordUnreadableError)) throw error;
        return { ...row, data: null, report: null, unreadable: error.message };
      }
    }),
  );
}

/** Opens generation rows; one that does not open reads as its error's message, flagged. */
export async function openGenerationRows<Row extends { report_id: string; response: Sealed }>(
  database: Database,
  rows: readonly Row[],
): Promise<(Omit<Row, 'response'> & { response: string; unreadable?: string })[]> {
  if (rows.length > 0) await database.vault.preload(rows.map((row) => row.report_id));
  return Promise.all(
    rows.map(async (row) => {
      try {
        return {
          ...row,
          response: (await openText(database, row.report_id, 'generation', row.response)) ?? '',
        };
      } catch (error) {
        if (!(error instanceof RecordUnreadableError)) throw error;
        return { ...row, response: '', unreadable: error.message };
      }
    }),
  );
}
