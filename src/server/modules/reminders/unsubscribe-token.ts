import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { loadOrCreateSecret } from '../identity/server-secrets.ts';

/**
 * Issue 43 §2, §6: the one-click unsubscribe link of a reminder mail (RFC 8058). Signed with a
 * secret every instance shares, for one purpose only (turning off one record's reminders), and
 * expiring: `v1.<record>.<owner>.<expires, unix seconds>.<HMAC-SHA256>`, all base64url or digits.
 */
const PURPOSE = 'reminders-unsubscribe';
const SECRET_NAME = 'reminders-unsubscribe-key';
/** Long enough for a mail read late; a reminder that comes later carries a fresh one. */
export const UNSUBSCRIBE_LIFETIME_SECONDS = 60 * 24 * 60 * 60;

async function secretOf(database: Database): Promise<Buffer> {
  const stored = await loadOrCreateSecret(database.db, SECRET_NAME, () =>
    randomBytes(32).toString('base64url'),
  );
  return Buffer.from(stored, 'base64url');
}

function signature(secret: Buffer, body: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}\n${body}`).digest('base64url');
}

export async function issueUnsubscribeToken(
  database: Database,
  recordId: string,
  ownerId: string,
  now: Date,
): Promise<string> {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_LIFETIME_SECONDS;
  const body = `v1.${recordId}.${ownerId}.${expires}`;
  return `${body}.${signature(await secretOf(database), body)}`;
}

export type UnsubscribeToken =
  | { status: 'valid'; recordId: string; ownerId: string }
  | { status: 'expired' }
  | { status: 'invalid' };

const TOKEN = /^v1\.([0-9a-f-]{36})\.([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export async function readUnsubscribeToken(
  database: Database,
  token: string,
  now: Date,
): Promise<UnsubscribeToken> {
  const match = TOKEN.exec(token);
  if (!match) return { status: 'invalid' };
  const [, recordId, ownerId, expires, given] = match as unknown as [string, string, string, string, string];
  const expected = Buffer.from(signature(await secretOf(database), `v1.${recordId}.${ownerId}.${expires}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { status: 'invalid' };
  if (Number(expires) * 1000 < now.getTime()) return { status: 'expired' };
  return { status: 'valid', recordId, ownerId };
}
