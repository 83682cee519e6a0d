import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { NewAccount } from '../identity/account-rules.ts';
import { hashPassword } from '../identity/password-hash.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PageSite } from '../server-pages/page-layout.ts';
import {
  consumeLinkToken,
  inspectLinkToken,
  issueLinkToken,
  type LinkState,
  retireLinkTokens,
} from './account-link-tokens.ts';
import { passwordResetMail, verificationMail } from './account-mails.ts';
import {
  AccountExistsError,
  createAccount,
  findAccountByEmail,
  findAccountById,
  type IdpAccount,
  markEmailVerified,
  replacePassword,
} from './account-repository.ts';
import { deleteProviderStateOfAccount } from './oidc-adapter.ts';
import { forgetSignInFailures } from './sign-in-throttle.ts';

export interface AccountServiceDeps {
  db: Db;
  mailer: Mailer;
  site: PageSite;
  log: FastifyBaseLogger;
}

export type SignUpResult = { ok: true; account: IdpAccount } | { ok: false; reason: 'exists' };

export type LinkOutcome =
  | { status: 'done'; account: IdpAccount }
  | { status: 'used' | 'expired' | 'unknown'; account?: IdpAccount };

export const VERIFY_PATH = '/oidc/account/verify';
export const RESET_PATH = '/oidc/account/reset';

/**
 * What the sign-in pages do with accounts: sign up, verify the e-mail address by a mailed link,
 * reset a forgotten password by a mailed link. Pages call this; it decides and writes.
 */
export function createAccountService({ db, mailer, site, log }: AccountServiceDeps) {
  const pending = new Set<Promise<void>>();
  const link = (path: string, token: string) => `${site.homeUrl}${path}?token=${token}`;

  /** Sends without making the caller wait, so a response never reveals whether a mail went out. */
  function sendInBackground(what: string, send: () => Promise<void>) {
    const sending = send()
      .catch((error: unknown) => log.error({ err: error }, `could not send the ${what} mail`))
      .finally(() => pending.delete(sending));
    pending.add(sending);
  }

  async function sendVerification(account: IdpAccount): Promise<void> {
    const token = await issueLinkToken(db, account.id, 'verify-email');
    await mailer.send(verificationMail(site, account, link(VERIFY_PATH, token)));
  }

  async function accountOf(state: LinkState, from: Db = db): Promise<IdpAccount | undefined> {
    return state.status === 'unknown' ? undefined : findAccountById(from, state.accountId);
  }

  async function resendVerification(accountId: string): Promise<void> {
    const account = await findAccountById(db, accountId);
    if (account && !account.emailVerified) sendInBackground('verification', () => sendVerification(account));
  }

  async function inspectResetLink(token: string): Promise<LinkOutcome> {
    const state = await inspectLinkToken(db, token, 'reset-password');
    const account = await accountOf(state);
    if (state.status === 'valid' && account) return { status: 'done', account };
    return { status: state.status === 'valid' ? 'unknown' : state.status, account };
  }

  return {
    async signUp(input: NewAccount): Promise<SignUpResult> {
      let account: IdpAccount;
      try {
        account = await createAccount(db, input);
      } catch (error) {
        if (error instanceof AccountExistsError) return { ok: false, reason: 'exists' };
        throw error;
      }
      // A mail server that is down must not undo the sign-up: the page offers to send it again.
      await sendVerification(account).catch((error: unknown) =>
        log.error({ err: error }, 'could not send the verification mail'),
      );
      return { ok: true, account };
    },

    /** Sends a fresh verification link, unless the address is verified already. */
    resendVerification,

    /** Re-sends for the account of an expired verification link (the link names the account). */
    async resendVerificationForLink(token: string): Promise<void> {
      const state = await inspectLinkToken(db, token, 'verify-email');
      if (state.status === 'expired' || state.status === 'used') await resendVerification(state.accountId);
    },

    async verifyEmail(token: string): Promise<LinkOutcome> {
      const state = await consumeLinkToken(db, token, 'verify-email');
      const account = await accountOf(state);
      if (state.status === 'valid' && account) {
        await markEmailVerified(db, account.id);
        return { status: 'done', account: { ...account, emailVerified: true } };
      }
      // A link opened twice (or fetched first by a mail scanner) finds the address verified.
      if (state.status === 'used' && account?.emailVerified) return { status: 'done', account };
      return { status: state.status === 'valid' ? 'unknown' : state.status, account };
    },

    /** Never tells whether the address has an account; the mail goes out in the background. */
    async requestPasswordReset(email: string): Promise<void> {
      const account = await findAccountByEmail(db, email);
      if (!account) return;
      sendInBackground('password reset', async () => {
        const token = await issueLinkToken(db, account.id, 'reset-password');
        await mailer.send(passwordResetMail(site, account, link(RESET_PATH, token)));
      });
    },

    inspectResetLink,

    /**
     * Sets the new password if the link is still good, then signs the account out everywhere and
     * retires its other reset links: whoever knew the old password loses access.
     */
    async resetPassword(token: string, password: string): Promise<LinkOutcome> {
      const before = await inspectResetLink(token);
      if (before.status !== 'done') return before;
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const state = await consumeLinkToken(tx, token, 'reset-password');
        const account = await accountOf(state, tx);
        if (state.status !== 'valid' || !account) {
          return { status: state.status === 'valid' ? 'unknown' : state.status, account } as LinkOutcome;
        }
        await replacePassword(tx, account.id, passwordHash);
        await retireLinkTokens(tx, account.id, 'reset-password');
        await deleteProviderStateOfAccount(tx, account.id);
        // A reset ends any slow-down of sign-ins to this address (issue 14 §6).
        await forgetSignInFailures(tx, account.email);
        return { status: 'done', account } as LinkOutcome;
      });
    },

    findAccount: (id: string) => findAccountById(db, id),

    /** Waits for mails still being sent (server shutdown, tests). */
    async settle(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

/** An account created by provisioning (the CLI's create-user), inside the caller's transaction. */
export function provisionAccount(db: Db, account: NewAccount & { emailVerified?: boolean }) {
  return createAccount(db, account);
}
