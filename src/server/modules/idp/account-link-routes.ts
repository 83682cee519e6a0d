import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emailSchema, passwordSchema } from '../identity/account-rules.ts';
import { revokeTokensOfSubject } from '../identity/viewer.ts';
import type { PageSite } from '../server-pages/page-layout.ts';
import { type AccountService, RESET_PATH, VERIFY_PATH } from './account-service.ts';
import { type FormLimits, fieldErrors, formValue, overLimit, sendPage } from './page-forms.ts';
import {
  emailVerifiedPage,
  forgotPasswordPage,
  linkProblemPage,
  newVerificationLinkSentPage,
  passwordChangedPage,
  resetLinkSentPage,
  resetPasswordPage,
} from './sign-in-pages.ts';

export interface AccountLinkRouteDeps {
  accounts: AccountService;
  site: PageSite;
  limits: FormLimits;
}

/** A uid from the query or a form, only if it looks like one (it becomes part of a link back). */
function interactionUid(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}

const queryToken = (request: FastifyRequest) => {
  const token = (request.query as Record<string, unknown>).token;
  return typeof token === 'string' ? token : '';
};

const forgotSchema = z.object({ email: emailSchema });
const resetSchema = z.object({ password: passwordSchema });

/**
 * Pages reached from outside a sign-in: "forgot password", and the links our mails carry
 * (verify the e-mail address, choose a new password). Mailed tokens travel in the query string,
 * which the request log redacts.
 */
export function accountLinkRoutes({ accounts, site, limits }: AccountLinkRouteDeps) {
  return async (app: FastifyInstance) => {
    app.get('/oidc/account/forgot', async (request, reply) => {
      const uid = interactionUid((request.query as Record<string, unknown>).uid);
      return sendPage(reply, 200, forgotPasswordPage(site, uid));
    });

    app.post('/oidc/account/forgot', async (request, reply) => {
      const uid = interactionUid(formValue(request.body, 'uid'));
      const values = { email: formValue(request.body, 'email') };
      const limited = await overLimit(limits.mail, request, reply);
      if (limited) return sendPage(reply, 429, forgotPasswordPage(site, uid, { values, errors: [limited] }));
      const parsed = forgotSchema.safeParse(values);
      if (!parsed.success) {
        return sendPage(
          reply,
          400,
          forgotPasswordPage(site, uid, { values, errors: fieldErrors(parsed.error) }),
        );
      }
      // Never reveal whether the address has an account: the same page either way.
      await accounts.requestPasswordReset(parsed.data.email);
      return sendPage(reply, 200, resetLinkSentPage(site, uid, parsed.data.email));
    });

    app.get(VERIFY_PATH, async (request, reply) => {
      const token = queryToken(request);
      const outcome = await accounts.verifyEmail(token);
      if (outcome.status === 'done')
        return sendPage(reply, 200, emailVerifiedPage(site, outcome.account.email));
      return sendPage(reply, 410, linkProblemPage(site, 'verify-email', outcome.status, token));
    });

    app.post(`${VERIFY_PATH}/resend`, async (request, reply) => {
      const limited = await overLimit(limits.mail, request, reply);
      if (!limited) await accounts.resendVerificationForLink(formValue(request.body, 'token'));
      return sendPage(reply, limited ? 429 : 200, newVerificationLinkSentPage(site));
    });

    app.get(RESET_PATH, async (request, reply) => {
      const token = queryToken(request);
      const outcome = await accounts.inspectResetLink(token);
      if (outcome.status !== 'done')
        return sendPage(reply, 410, linkProblemPage(site, 'reset-password', outcome.status));
      return sendPage(reply, 200, resetPasswordPage(site, token, outcome.account.email));
    });

    app.post(RESET_PATH, async (request, reply) => {
      const token = formValue(request.body, 'token');
      const limited = await overLimit(limits.reset, request, reply);
      const current = await accounts.inspectResetLink(token);
      if (current.status !== 'done')
        return sendPage(reply, 410, linkProblemPage(site, 'reset-password', current.status));
      const email = current.account.email;
      if (limited) return sendPage(reply, 429, resetPasswordPage(site, token, email, { errors: [limited] }));
      const parsed = resetSchema.safeParse({ password: formValue(request.body, 'password') });
      if (!parsed.success) {
        return sendPage(
          reply,
          400,
          resetPasswordPage(site, token, email, { errors: fieldErrors(parsed.error) }),
        );
      }
      const outcome = await accounts.resetPassword(token, parsed.data.password);
      if (outcome.status !== 'done')
        return sendPage(reply, 410, linkProblemPage(site, 'reset-password', outcome.status));
      // Issue 14 §3: whoever held a token of the old password loses the app at once, sockets too.
      if (outcome.account) {
        const userId = await revokeTokensOfSubject(app.database.db, outcome.account.id);
        if (userId) await app.viewers.invalidateUser(userId);
      }
      return sendPage(reply, 200, passwordChangedPage(site));
    });
  };
}
