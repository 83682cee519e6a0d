import type { FastifyBaseLogger } from 'fastify';
import {
  ADMIN_ERASURE_WORD,
  adminErasureInputSchema,
  FRESH_SIGN_IN_MS,
  OWN_ERASURE_WORD,
  ownErasureInputSchema,
  PASSWORD_REQUIRED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  wrongWordMessage,
} from '#domain/erasure.ts';
import { type Actor, decide } from '#domain/permissions.ts';
import { isUuid } from '../../db/uuid.ts';
import { writeRecords } from '../../kernel/record-writes.ts';
import { ADMINS_ONLY_MESSAGE, denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { endEverySignIn } from '../identity/session-end.ts';
import { checkAccountPassword, eraseSignInAccount } from '../idp/account-erasure.ts';
import { signInThrottledMessage } from '../idp/sign-in-throttle.ts';
import type { Mailer } from '../mail/mailer.ts';
import { forgetRemindersOf } from '../reminders/reminder-operations.ts';
import type { PageSite } from '../server-pages/page-layout.ts';
import { erasureMail } from './erasure-mail.ts';
import * as erasure from './erasure-repository.ts';

/**
 * Crypto-shredding (issue 30 §1, §6): destroys the data keys of these records, so that their
 * answers, in this database and in every copy of it taken before, can no longer be opened.
 * Destroying a key that is already gone (or never was) is no error: an erasure can run again.
 */
export interface DataKeyShredder {
  destroyDataKeys(recordIds: string[]): Promise<unknown>;
}

export interface ErasureDeps extends ServiceDeps {
  dataKeys: DataKeyShredder;
  /** Issue 41 §3: deletes the recordings of these records (their audio lies apart from the rows). */
  recordings?: { eraseRecordingsOf(recordIds: string[]): Promise<void> };
  mailer: Mailer;
  site: PageSite;
  log: FastifyBaseLogger;
  /** Whether sign-in is our embedded provider (a password to check) or an outside one (OIDC_ISSUER). */
  embeddedSignIn: boolean;
}

const USER_NOT_FOUND = 'User not found.';
export const SELF_THROUGH_CONSOLE_MESSAGE =
  'You cannot erase your own account here. Use "Delete my account and my story" on the home screen.';
export const LAST_ADMIN_MESSAGE =
  'You are the only admin. Make someone else an admin first, so the console keeps one.';
export const SIGN_IN_AGAIN_MESSAGE =
  'For your safety, please sign in again, then delete your account within 5 minutes.';

/** What the caller's sign-in proves, beside the password: where it came from and when it happened. */
export interface ErasureProof {
  /** The network the request came from (counts wrong passwords as failed sign-ins do). */
  network: string;
  /** When the person last signed in at the provider (`auth_time`, ms); null when it does not say. */
  authTime: number | null;
}

/**
 * Issue 30 §6 "Delete my account and my story": the signed-in person, after typing the word and
 * proving it is them (their password with the embedded sign-in; a sign-in at the outside provider
 * within the last few minutes otherwise), erases their own account and story.
 */
export async function eraseOwnAccount(
  deps: ErasureDeps,
  viewer: (Actor & { federatedId: string }) | null,
  input: unknown,
  proof: ErasureProof,
): Promise<Result<{ erased: true }>> {
  const refused = refusal(decide(viewer, 'account.erase'));
  if (refused || !viewer) return refused ?? denial('unauthenticated');
  const parsed = ownErasureInputSchema.safeParse(input ?? {});
  if (!parsed.success)
    return fail('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? wrongWordMessage(OWN_ERASURE_WORD));
  if (deps.embeddedSignIn && !parsed.data.password) return fail('BAD_USER_INPUT', PASSWORD_REQUIRED_MESSAGE);
  const person = await erasure.findPerson(deps.database, viewer.userId);
  if (!person) return denial('not-found', { notFound: USER_NOT_FOUND });
  if (person.isAdmin && person.otherAdmins === 0) return fail('CONFLICT', LAST_ADMIN_MESSAGE);
  const proven = deps.embeddedSignIn
    ? await checkPassword(deps, viewer.federatedId, parsed.data.password, proof.network)
    : checkFreshSignIn(proof.authTime);
  if (!proven.ok) return proven;
  await erasePerson(deps, viewer.userId);
  return ok({ erased: true });
}

async function checkPassword(
  deps: ErasureDeps,
  federatedId: string,
  password: string | undefined,
  network: string,
): Promise<Result<true>> {
  if (!password) return fail('BAD_USER_INPUT', PASSWORD_REQUIRED_MESSAGE);
  const check = await checkAccountPassword(deps.database.db, federatedId, password, network);
  if (check.status === 'throttled') return fail('TOO_MANY_REQUESTS', signInThrottledMessage(check.waitMs));
  // 403, not 401: the sign-in itself is good, and a 401 would make the client sign the person out.
  if (check.status === 'wrong') return fail('FORBIDDEN', WRONG_PASSWORD_MESSAGE);
  return ok(true);
}

function checkFreshSignIn(authTime: number | null): Result<true> {
  return authTime !== null && Date.now() - authTime <= FRESH_SIGN_IN_MS
    ? ok(true)
    : fail('FORBIDDEN', SIGN_IN_AGAIN_MESSAGE);
}

/**
 * Issue 30 §6, admin-app Users tab: an admin erases another person and their story. Their own
 * account they erase from the home screen, with their password (and not as the last admin).
 */
export async function eraseUserAsAdmin(
  deps: ErasureDeps,
  actor: Actor | null,
  userId: string,
  input: unknown,
): Promise<Result<{ userId: string }>> {
  const refused = refusal(decide(actor, 'user.erase'), { forbidden: ADMINS_ONLY_MESSAGE });
  if (refused || !actor) return refused ?? denial('unauthenticated');
  const parsed = adminErasureInputSchema.safeParse(input ?? {});
  if (!parsed.success)
    return fail('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? wrongWordMessage(ADMIN_ERASURE_WORD));
  if (!isUuid(userId)) return denial('not-found', { notFound: USER_NOT_FOUND });
  if (userId === actor.userId) return fail('CONFLICT', SELF_THROUGH_CONSOLE_MESSAGE);
  const person = await erasure.findPerson(deps.database, userId);
  if (!person) return denial('not-found', { notFound: USER_NOT_FOUND });
  // Erasing a person whose erasure stopped half-way finishes it (decision 131).
  await erasePerson(deps, userId);
  return ok({ userId });
}

/**
 * The erasure itself, in an order that can stop anywhere and run again from the start (start-up
 * runs it for every person marked and not finished: resumeErasures). Each step changes only what
 * is left, so a second run is harmless.
 *
 * 1. Mark the person and their records and end their tokens: from here on nobody acts as them,
 *    nothing is saved into their records, and a restart knows to finish. Cancel and delete their
 *    background jobs (decision 180): nothing runs for them any more, no payload of theirs is kept.
 * 2. Destroy the data keys of their records, BEFORE the rows are cleared. Dying right after it
 *    leaves rows whose ciphertext nobody can open any more (and that step 3 clears on the re-run);
 *    the other order could die with answers gone from the rows but their key alive, so a backup
 *    taken before would still open them, which is the one thing an erasure promises never happens.
 *    Their recordings go right after (issue 41 §3), still before the answers that name them.
 * 3. Clear the answers, narratives, generations, migrations' previous answers and invitations
 *    (through writeRecords, so every open screen of those records learns of it).
 * 4. End every sign-in (sessions, grants, refresh tokens; live connections close through the
 *    viewer invalidation) and delete the embedded sign-in account and the person's contact messages.
 * 5. Mail the person, to the address they had, that it is done (best effort: mail down never stops
 *    an erasure; a re-run after a crash between 5 and 6 may mail twice, which is harmless).
 * 6. Erase the user row's personal fields and mark it erased.
 */
export async function erasePerson(deps: ErasureDeps, userId: string): Promise<void> {
  // Issue 38 §2: the person's tokens are refused (here and, by NOTIFY, everywhere) before step 1,
  // which may wait for saves of their records in flight.
  if (await erasure.refuseTokensOf(deps.database, userId)) await deps.invalidateUser(userId);
  const subject = await writeRecords(deps, async (writer) => {
    const started = await erasure.startErasure(writer, userId);
    return { value: started, changed: started?.recordIds ?? [] };
  });
  if (!subject) return;
  await deps.invalidateUser(userId);
  await deps.jobs.forgetPerson(userId);
  // Issue 43: their reminder settings (the jobs went just above).
  await forgetRemindersOf(deps.database.db, userId);

  await deps.dataKeys.destroyDataKeys(subject.recordIds);
  await deps.recordings?.eraseRecordingsOf(subject.recordIds);

  await writeRecords(deps, async (writer) => ({
    value: undefined,
    changed: await erasure.clearRecordsOf(writer, userId),
  }));

  await endEverySignIn(deps.database.db, userId, 'erased');
  if (subject.federatedId !== null && deps.embeddedSignIn)
    await eraseSignInAccount(deps.database.db, subject.federatedId);
  if (subject.email !== null && subject.erasedAt === null) {
    await erasure.deleteSupportMessagesOf(deps.database, subject.email);
    await deps.mailer
      .send(erasureMail(deps.site, { name: subject.name, email: subject.email }))
      .catch((error: unknown) => deps.log.error({ err: error }, 'could not send the erasure mail'));
  }

  await erasure.finishErasure(deps.database, userId);
  await deps.invalidateUser(userId);
  deps.log.info({ userId, records: subject.recordIds.length }, 'person erased');
}

/** Start-up: finishes every erasure a stopped process left half-way (decision 131). */
export async function resumeErasures(deps: ErasureDeps): Promise<number> {
  const pending = await erasure.pendingErasures(deps.database);
  for (const userId of pending) await erasePerson(deps, userId);
  if (pending.length > 0) deps.log.info({ count: pending.length }, 'finished erasures left half-way');
  return pending.length;
}
