import type { AnswerBuffer } from './answer-buffer.ts';
import type { SaveOutcome } from './save-engine-runner.ts';
import type { Answers, RecordSyncDeps, SaveResult } from './sync-types.ts';

export interface SaveExchange {
  save: RecordSyncDeps['save'];
  /** What follows from the answers (record-sync `derive`), for a save or the submit. */
  derive(view: Answers, reason: 'save' | 'submit'): Answers;
  /** Whether the reply's form is another than the one shown (issue 26 §3). */
  isOtherForm(formKey: string | undefined): boolean;
  /** The reply says the record moved to another form, newer than the one shown. */
  formChanged(): void;
  /** The save was acknowledged: the buffer took it; `shown` is what the screen showed before. */
  acknowledged(result: SaveResult, shown: Answers): void;
}

/**
 * One save's request and reply (customer-app §7 call 7, decision 061), as the send queue starts it:
 * the unsent answers as they are now (null: none), sent against the version they were typed
 * against; the reply acknowledges them in the buffer, or leaves them unsent to go again.
 */
export function beginSave(
  answers: AnswerBuffer,
  exchange: SaveExchange,
): ((signal: AbortSignal) => Promise<SaveOutcome>) | null {
  if (answers.unsent === 0) return null;
  const body = answers.nextSave('save', (view) => exchange.derive(view, 'save'));
  answers.markSent(Object.keys(body.answers));
  return async (signal) => {
    const result = await exchange.save({ baseVersion: body.baseVersion, answers: body.answers }, signal);
    // Issue 26 §3: typed against a form the record no longer has, the server wrote none of it;
    // or the answer of a save made before the form changed here, whose answers the migration
    // carried: either way the answers stay unsent and go (mapped) from the new form's version.
    if (exchange.isOtherForm(result.formKey)) {
      if (result.version > answers.server.version) exchange.formChanged();
      return { ok: true, resend: true };
    }
    // Its answers are no longer unsent, unless typed again or refused as stale.
    const shown = answers.acknowledge(body.sent, result);
    exchange.acknowledged(result, shown);
    return { ok: true, resend: answers.mustResend(body.sent, result.conflictingKeys) };
  };
}
