import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import {
  createTestBrowser,
  exchangeCode,
  formAction,
  refreshTokens,
  type TokenSet,
} from '../../test-support/test-browser.ts';
import {
  callbackOf,
  openSignIn,
  signInThroughPages,
  signUpThroughPages,
} from '../../test-support/test-sign-in.ts';

const PASSWORD = 'survives restarts';

describe('the embedded provider keeps its state in the database', () => {
  it('lets a second instance finish a sign-in, refresh tokens after the first stops, with the same keys', async () => {
    const test = await createTestApp({ listen: true });
    const second = await buildApp({
      config: test.config,
      database: test.database,
      clientDir: path.join(test.dataDir, 'no-client'),
    });
    try {
      const secondIssuer = `${await second.listen({ port: 0, host: '127.0.0.1' })}/oidc`;
      const email = 'twin@example.test';
      await signUpThroughPages(test.config, { name: 'Twin', email, password: PASSWORD });
      const tokens = await signInThroughPages(test.config, email, PASSWORD);

      // A sign-in started on the first instance and posted to the second (a load balancer's doing).
      const browser = createTestBrowser(test.config.publicUrl);
      const { page, pkce } = await openSignIn(test.config, browser);
      const secondOrigin = new URL(secondIssuer).origin;
      const done = await browser.visit(`${secondOrigin}${formAction(page.body)}`, {
        email,
        password: PASSWORD,
      });
      const crossTokens = await exchangeCode(test.config, callbackOf(done).code, pkce.verifier);
      expect((await second.verifyToken(crossTokens.id_token)).email).toBe(email);

      const keysBefore = await (await fetch(`${test.config.oidc.issuer}/jwks`)).json();

      // The first instance stops (a restart); the second carries on with what the first issued.
      await test.app.close();
      const refreshed = await refreshTokens(test.config, tokens.refresh_token ?? '', secondIssuer);
      expect(refreshed.status).toBe(200);
      const next = (await refreshed.json()) as TokenSet;
      const identity = await second.verifyToken(next.id_token);
      expect(identity).toMatchObject({ email, name: 'Twin' });
      expect(await (await fetch(`${secondIssuer}/jwks`)).json()).toEqual(keysBefore);
    } finally {
      await second.close();
      await test.close();
    }
  });
});
