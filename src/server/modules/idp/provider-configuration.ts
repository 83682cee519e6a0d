import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import Provider, {
  type ClientMetadata,
  type Configuration,
  type JWK,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { RecordWriteDeps } from '../../kernel/record-writes.ts';
import { loadOrCreateSecret } from '../identity/server-secrets.ts';
import { loadOrCreateSigningKeys } from '../identity/signing-keys.ts';
import type { PageSite } from '../server-pages/page-layout.ts';
import { accountFinder } from './account-claims.ts';
import { databaseAdapterFactory } from './oidc-adapter.ts';
import { logoutPage, providerErrorPage, signedOutPage } from './provider-pages.ts';
import { interactionPath } from './sign-in-pages.ts';

export interface IdentityProviderDeps {
  config: Config;
  db: Db;
  /** Where the first sign-in's writes of records go (resolveViewer, issue 27 §2). */
  records: RecordWriteDeps;
  log: FastifyBaseLogger;
  site: PageSite;
}

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
// The scopes of customer-app §7 (openid profile email): everything our client ever asks for.
const FIRST_PARTY_SCOPE = 'openid profile email';

/**
 * A rotated refresh token inherits what is left of its predecessor's life: at most the absolute
 * session lifetime from sign-in (issue 29 §4; 14 days before).
 */
function refreshTokenTtl(lifetime: number) {
  return (ctx: KoaContextWithOIDC | undefined): number =>
    ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? lifetime;
}

/** The origins our web client runs on: the site itself, and Vite's dev server outside production. */
export function clientOrigins(config: Config): string[] {
  const origins = [new URL(config.publicUrl).origin];
  if (config.devClientOrigin) origins.push(new URL(config.devClientOrigin).origin);
  return origins;
}

/**
 * Our own browser client (customer-app §7): public (no secret, PKCE S256 required), code flow,
 * refresh tokens, returning to the site's root; sign-out returns to the site origin.
 */
function firstPartyClient(config: Config): ClientMetadata {
  const origins = clientOrigins(config);
  return {
    client_id: config.oidc.clientId,
    client_name: config.productName,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    id_token_signed_response_alg: 'RS256',
    // Issue 29 §4: every ID token says when the person signed in (renewed ones too), so the API
    // can end a sign-in at the absolute session lifetime (plugins/auth.ts limitToSessionLifetime).
    require_auth_time: true,
    redirect_uris: origins.map((origin) => `${origin}/`),
    post_logout_redirect_uris: origins.flatMap((origin) => [origin, `${origin}/`]),
  };
}

/**
 * The embedded OpenID provider (DESIGN §1): oidc-provider with every piece of state in the
 * database (adapter, signing keys, cookie keys), so N instances and restarts share it.
 */
export async function createIdentityProvider({
  config,
  db,
  records,
  log,
  site,
}: IdentityProviderDeps): Promise<Provider> {
  const [{ keys }, cookieKeys] = await Promise.all([
    loadOrCreateSigningKeys(db),
    loadOrCreateSecret<string[]>(db, 'oidc-cookie-keys', () => [randomBytes(32).toString('base64url')]),
  ]);
  const { clientId, claimsNamespace } = config.oidc;
  const origins = new Set(clientOrigins(config));
  // Issue 29 §4: the provider's session ends with the absolute session lifetime, so a quiet
  // sign-in after it asks for the password again.
  const sessionLifetime = Math.max(60, Math.min(14 * DAY, Math.round(config.session.maxHours * HOUR)));

  const configuration: Configuration = {
    adapter: databaseAdapterFactory(db),
    clients: [firstPartyClient(config)],
    // The verifier of our API reads the same keys (plugins/auth.ts), so every ID token passes it.
    jwks: { keys: keys as JWK[] },
    cookies: {
      keys: cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    findAccount: accountFinder(db, records, claimsNamespace),
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ['sub', claimsNamespace],
      profile: ['name'],
      email: ['email', 'email_verified'],
    },
    // No offline_access: refresh tokens come without it and end with the sign-in session.
    scopes: ['openid', 'profile', 'email'],
    // The ID token is what our API checks, so it carries name, e-mail and roles itself.
    conformIdTokenClaims: false,
    extraParams: ['screen_hint'],
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    pkce: { required: () => true },
    enabledJWA: {
      idTokenSigningAlgValues: ['RS256'],
      userinfoSigningAlgValues: ['RS256'],
    },
    features: {
      devInteractions: { enabled: false },
      // Features our client does not use stay off: less to attack.
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: { enabled: false },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(site, ctx, form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(site);
        },
      },
    },
    interactions: {
      url: (_ctx, interaction) => interactionPath(interaction.uid),
    },
    // customer-app §7: the client keeps itself signed in with the refresh-token grant. Refresh
    // tokens come without offline_access, live as long as the sign-in session, and rotate on use.
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('openid'),
    rotateRefreshToken: () => true,
    // Consent is implicit for our own client: its grant is made on the spot.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client?.clientId ?? '');
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (existing || oidc.client?.clientId !== clientId || !oidc.session?.accountId) return existing;
      const grant = new oidc.provider.Grant({ clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope(FIRST_PARTY_SCOPE);
      await grant.save();
      return grant;
    },
    clientBasedCORS: (_ctx, origin) => origins.has(origin),
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Session: sessionLifetime,
      Grant: sessionLifetime,
      RefreshToken: refreshTokenTtl(sessionLifetime),
    },
    renderError: (ctx, out, error) => {
      log.info(
        { error: out.error, description: out.error_description, kind: error.name },
        'sign-in error page',
      );
      ctx.type = 'html';
      ctx.body = providerErrorPage(site, out);
    },
  };

  const provider = new Provider(config.oidc.issuer, configuration);
  // Koa (inside oidc-provider) believes X-Forwarded-* only behind the same proxies the server does.
  provider.proxy = config.trustProxy !== false;
  if (typeof config.trustProxy === 'number') provider.maxIpsCount = config.trustProxy;
  logProviderEvents(provider, log);
  return provider;
}

function logProviderEvents(provider: Provider, log: FastifyBaseLogger) {
  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) =>
    log.error({ err: error }, 'identity provider error'),
  );
  const events = provider as unknown as EventEmitter;
  for (const event of [
    'authorization.error',
    'grant.error',
    'end_session.error',
    'userinfo.error',
    'discovery.error',
    'jwks.error',
  ]) {
    events.on(event, (_ctx: KoaContextWithOIDC, error: Error & { error_description?: string }) =>
      log.info(
        { event, error: error.message, description: error.error_description },
        'identity provider refused',
      ),
    );
  }
  // Koa prints unhandled errors to stderr unless someone listens; we log them instead.
  events.on('error', (error: Error) => log.error({ err: error }, 'identity provider failure'));
}
