import { type AnswerHolder, sendBeforeLogout } from '#web/lib/answer-holders.ts';
import type { RecordSync } from './record-sync.ts';

/** How often an engine left behind checks whether it has sent everything. */
const CHECK_EVERY_MS = 2000;

interface BackgroundSender {
  engine: RecordSync;
  stop: () => void;
}

/** An engine as the logout and the sign-in see it: what it holds, and whether it can send it. */
export function answerHolder(engine: RecordSync): AnswerHolder {
  return {
    flush: () => engine.flush(),
    hasUnsent: () => engine.hasUnsent(),
    needsSignIn: () => engine.getSnapshot().signInNeeded,
    kept: () => engine.persisted(),
  };
}

/** Engines of records the person has left with answers unsent, by person and record. */
const senders = new Map<string, BackgroundSender>();

/**
 * Issue 13 §4: leaving a record inside the app with answers unsent (offline, or a save still on
 * its way) does not stop them. The record's engine keeps sending in the background, wherever the
 * person is in the app: at once when the connection returns, and before a logout. It is disposed
 * once everything has been sent, or handed back when the same record is opened again.
 */
export function keepSendingInBackground(key: string, engine: RecordSync): void {
  takeBack(key);
  const online = () => engine.retryNow();
  const check = setInterval(() => {
    if (!engine.hasUnsent()) takeBack(key, true);
  }, CHECK_EVERY_MS);
  const stopLogoutFlush = sendBeforeLogout(answerHolder(engine));
  window.addEventListener('online', online);
  senders.set(key, {
    engine,
    stop: () => {
      clearInterval(check);
      stopLogoutFlush();
      window.removeEventListener('online', online);
    },
  });
  engine.retryNow();
}

/**
 * Ends background sending for a record: when all was sent (the engine is disposed), or when the
 * record is opened again (the engine keeps what it has in the kept store, which the new visit reads;
 * two engines never send the same answers at once).
 */
export function takeBack(key: string, dispose = true): RecordSync | undefined {
  const sender = senders.get(key);
  if (!sender) return undefined;
  senders.delete(key);
  sender.stop();
  if (dispose) sender.engine.dispose();
  return sender.engine;
}
