import type { SupportMessage } from '#domain/support-message.ts';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { supportMail } from './support-mail.ts';
import {
  type AddressLimit,
  deleteSupportMessage,
  storeSupportMessageWithinLimit,
} from './support-repository.ts';

/** DESIGN §8 rate limits on support: a sender address may send this many messages an hour. */
export const ADDRESS_LIMIT: AddressLimit = { max: 3, windowMinutes: 60 };

export interface SupportDependencies {
  db: Db;
  mailer: Mailer;
  supportEmail: string;
  productName: string;
}

export type SendResult =
  | { sent: true; id: string }
  | { sent: false; status: 429; error: string; retryAfterSeconds: number };

/**
 * admin-app §7 POST /support: keeps the message and mails it to the support inbox. A message is
 * either kept and mailed, or neither: when the mail cannot be handed over, the stored copy is
 * removed again (so it does not count against the sender's limit) and the error propagates; the
 * form keeps what the visitor typed for another try (admin-app §4: error, the form stays). Decision 040.
 */
export async function sendSupportMessage(
  deps: SupportDependencies,
  message: SupportMessage,
): Promise<SendResult> {
  const stored = await storeSupportMessageWithinLimit(deps.db, message, ADDRESS_LIMIT);
  if (!stored.stored) {
    return {
      sent: false,
      status: 429,
      error: addressLimitMessage(stored.retryAfterSeconds),
      retryAfterSeconds: stored.retryAfterSeconds,
    };
  }
  const mail = supportMail(message, {
    id: stored.id,
    to: deps.supportEmail,
    productName: deps.productName,
    receivedAt: new Date(),
  });
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    await deleteSupportMessage(deps.db, stored.id);
    throw error;
  }
  return { sent: true, id: stored.id };
}

export function addressLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return (
    `You have already sent ${ADDRESS_LIMIT.max} messages from this e-mail address in the last hour. ` +
    `Please try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`
  );
}
