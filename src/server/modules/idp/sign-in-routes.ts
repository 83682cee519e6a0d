import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractionResults, type default as Provider } from 'oidc-provider';
import { z } from 'zod';
import { emailSchema, newAccountSchema } from '../identity/account-rules.ts';
import type { PageSite } from '../server-pages/page-layout.ts';
import type { AccountService } from './account-service.ts';
import { type FormLimits, fieldErrors, formValue, overLimit, sendPage } from './page-forms.ts';
import { signIn } from './sign-in.ts';
import {
  checkInboxPage,
  interactionPath,
  loginPage,
  signInExpiredPage,
  signUpPage,
} from './sign-in-pages.ts';
import { signInThrottledMessage } from './sign-in-throttle.ts';

export interface SignInRouteDeps {
  provider: Provider;
  accounts: AccountService;
  site: PageSite;
  limits: FormLimits;
  mailboxUrl?: string;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password.'),
});

// The message for a wrong password and an unknown e-mail alike, so neither reveals an account.
export const INCORRECT_CREDENTIALS = 'Incorrect e-mail or password.';

/**
 * The pages of one sign-in: /oidc/interaction/:uid (login or sign-up), its form posts, and
 * "check your inbox" after sign-up. Each request proves it belongs to the browser that started
 * the sign-in: oidc-provider's signed interaction cookie (SameSite=Lax, path-bound) must name the
 * uid in the path, which is what keeps forged cross-site posts out.
 */
export function signInRoutes({ provider, accounts, site, limits, mailboxUrl }: SignInRouteDeps) {
  async function interactionOf(request: UidRequest, reply: FastifyReply): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  }

  async function finish(request: UidRequest, reply: FastifyReply, result: InteractionResults) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  /** Consent is implicit for our own client; this covers scopes beyond the grant made at sign-in. */
  async function grantConsent(request: UidRequest, reply: FastifyReply, interaction: Interaction) {
    const { prompt, params, session } = interaction;
    const grant = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : new provider.Grant({ accountId: session?.accountId, clientId: String(params.client_id) });
    if (!grant) return sendPage(reply, 400, signInExpiredPage(site));
    const details = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    const grantId = await grant.save();
    return finish(request, reply, { consent: interaction.grantId ? {} : { grantId } });
  }

  const expired = (reply: FastifyReply) => sendPage(reply, 400, signInExpiredPage(site));
  const loginHint = (interaction: Interaction) => {
    const hint = interaction.params.login_hint;
    return typeof hint === 'string' && emailSchema.safeParse(hint).success ? hint : '';
  };

  return async (app: FastifyInstance) => {
    app.get('/oidc/interaction/:uid', async (request: UidRequest, reply) => {
      const interaction = await interactionOf(request, reply);
      if (!interaction) return expired(reply);
      if (interaction.prompt.name === 'consent') return grantConsent(request, reply, interaction);
      const values = { email: loginHint(interaction) };
      return interaction.params.screen_hint === 'signup'
        ? sendPage(reply, 200, signUpPage(site, interaction.uid, { values }))
        : sendPage(reply, 200, loginPage(site, interaction.uid, { values }));
    });

    app.get('/oidc/interaction/:uid/login', async (request: UidRequest, reply) => {
      const interaction = await interactionOf(request, reply);
      if (!interaction) return expired(reply);
      return sendPage(
        reply,
        200,
        loginPage(site, interaction.uid, { values: { email: loginHint(interaction) } }),
      );
    });

    app.get('/oidc/interaction/:uid/signup', async (request: UidRequest, reply) => {
      const interaction = await interactionOf(request, reply);
      if (!interaction) return expired(reply);
      return sendPage(
        reply,
        200,
        signUpPage(site, interaction.uid, { values: { email: loginHint(interaction) } }),
      );
    });

    app.post('/oidc/interaction/:uid/login', async (request: UidRequest, reply) => {
      const interaction = await interactionOf(request, reply);
      if (interaction?.prompt.name !== 'login') return expired(reply);
      const values = { email: formValue(request.body, 'email') };
      const limited = await overLimit(limits.signIn, request, reply);
      if (limited)
        return sendPage(reply, 429, loginPage(site, interaction.uid, { values, errors: [limited] }));

      const parsed = loginSchema.safeParse({
        email: values.email,
        password: formValue(request.body, 'password'),
      });
      if (!parsed.success) {
        return sendPage(
          reply,
          400,
          loginPage(site, interaction.uid, { values, errors: fieldErrors(parsed.error) }),
        );
      }
      const result = await signIn(app.database.db, parsed.data.email, parsed.data.password, request.ip);
      if (result.ok) return finish(request, reply, { login: { accountId: result.account.id } });
      if (result.reason === 'throttled') {
        reply.header('retry-after', String(Math.ceil(result.waitMs / 1000)));
        const message = signInThrottledMessage(result.waitMs);
        return sendPage(reply, 429, loginPage(site, interaction.uid, { values, errors: [{ message }] }));
      }
      return sendPage(
        reply,
        401,
        loginPage(site, interaction.uid, { values, errors: [{ message: INCORRECT_CREDENTIALS }] }),
      );
    });

    app.post('/oidc/interaction/:uid/signup', async (request: UidRequest, reply) => {
      const interaction = await interactionOf(request, reply);
      if (interaction?.prompt.name !== 'login') return expired(reply);
      const values = { name: formValue(request.body, 'name'), email: formValue(request.body, 'email') };
      const limited = await overLimit(limits.signUp, request, reply);
      if (limited)
        return sendPage(reply, 429, signUpPage(site, interaction.uid, { values, errors: [limited] }));

      const parsed = newAccountSchema.safeParse({ ...values, password: formValue(request.body, 'password') });
      if (!parsed.success) {
        return sendPage(
          reply,
          400,
          signUpPage(site, interaction.uid, { values, errors: fieldErrors(parsed.error) }),
        );
      }
      const result = await accounts.signUp(parsed.data);
      if (!result.ok) {
        const errors = [
          {
            field: 'email',
            message: 'An account with this e-mail address already exists. Sign in, or reset your password.',
          },
        ];
        return sendPage(reply, 409, signUpPage(site, interaction.uid, { values, errors }));
      }
      // The new account is signed in; "check your inbox" then lets the person continue.
      await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: result.account.id } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(interactionPath(interaction.uid, '/check-inbox'), 303);
    });

    app.get('/oidc/interaction/:uid/check-inbox', async (request: UidRequest, reply) => {
      const interaction = await interactionOf(request, reply);
      const accountId = interaction?.result?.login?.accountId;
      const account = accountId ? await accounts.findAccount(accountId) : undefined;
      if (!interaction || !account) return expired(reply);
      const query = request.query as Record<string, unknown>;
      return sendPage(
        reply,
        200,
        checkInboxPage(site, interaction.uid, {
          email: account.email,
          continueUrl: interaction.returnTo,
          resent: query.resent === '1',
          limited: query.limited === '1',
          mailboxUrl,
        }),
      );
    });

    app.post('/oidc/interaction/:uid/resend', async (request: UidRequest, reply) => {
      const interaction = await interactionOf(request, reply);
      const accountId = interaction?.result?.login?.accountId;
      if (!interaction || !accountId) return expired(reply);
      const limited = await overLimit(limits.mail, request, reply);
      if (!limited) await accounts.resendVerification(accountId);
      const flag = limited ? 'limited=1' : 'resent=1';
      return reply.redirect(`${interactionPath(interaction.uid, '/check-inbox')}?${flag}`, 303);
    });
  };
}
