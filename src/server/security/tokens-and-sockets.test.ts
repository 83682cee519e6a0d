import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_PERSON, TOO_MANY_SOCKETS_REASON } from '../graphql/socket-operations.ts';
import { inspectLinkToken, issueLinkToken } from '../modules/idp/account-link-tokens.ts';
import { createAccount } from '../modules/idp/account-repository.ts';
import { assetUrl } from '../modules/server-pages/page-assets.ts';
import { socketUrl, TestSocket } from '../test-support/graphql-client.ts';
import { setUpTestApp } from '../test-support/set-up-test-app.ts';
import { signTestIdToken } from '../test-support/test-tokens.ts';
import { createTestUser, type TestUser } from '../test-support/test-users.ts';

// Issue 14 §13: the smaller holes: a token issued to another client, a second connection_init, an
// unversioned script cached for good, several password-reset links valid at once.

const test = setUpTestApp({ listen: true });
let person: TestUser;
beforeAll(async () => {
  person = await createTestUser(test.database.db, test.config, { name: 'Ada', roles: ['client'] });
});

async function me(token: string) {
  return test.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
}

describe('ID tokens with several audiences', () => {
  const token = (extra: Record<string, unknown>) =>
    signTestIdToken(test.database.db, test.config, { sub: person.federatedId, roles: ['client'], extra });

  it('are refused unless issued to us (azp)', async () => {
    const clientId = test.config.oidc.clientId;
    expect((await me(await token({ aud: [clientId, 'another-app'] }))).statusCode).toBe(401);
    expect((await me(await token({ aud: [clientId, 'another-app'], azp: 'another-app' }))).statusCode).toBe(
      401,
    );
    expect((await me(await token({ aud: clientId, azp: 'another-app' }))).statusCode).toBe(401);
    expect((await me(await token({ aud: [clientId, 'another-app'], azp: clientId }))).statusCode).toBe(200);
    expect((await me(await token({}))).statusCode).toBe(200);
  });
});

describe('graphql-transport-ws', () => {
  it('closes a connection that sends connection_init twice with 4429', async () => {
    const socket = new TestSocket(socketUrl(test.app));
    await socket.init(`Bearer ${person.token}`);
    await socket.next((message) => message.type === 'connection_ack');
    socket.send({ type: 'connection_init', payload: { authorization: `Bearer ${person.token}` } });
    expect(await socket.waitForClose()).toEqual({ code: 4429, reason: 'Too many initialisation requests' });
  });
});

describe('a flood of connections from one person', () => {
  it('is refused past the cap, another person still connects, and a closed one frees its place', async () => {
    const flooder = await createTestUser(test.database.db, test.config, { name: 'Flo', roles: ['client'] });
    const open: TestSocket[] = [];
    const acked = async (token: string) => {
      const socket = new TestSocket(socketUrl(test.app));
      await socket.init(`Bearer ${token}`);
      return socket;
    };
    for (let i = 0; i < MAX_SOCKETS_PER_PERSON; i++) open.push(await acked(flooder.token));
    for (const socket of open) await socket.next((message) => message.type === 'connection_ack');
    const extra = await acked(flooder.token);
    expect(await extra.waitForClose()).toEqual({ code: 1008, reason: TOO_MANY_SOCKETS_REASON });

    const other = await acked(person.token);
    await other.next((message) => message.type === 'connection_ack');
    other.close();

    open.pop()?.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await acked(flooder.token);
    await again.next((message) => message.type === 'connection_ack');
    for (const socket of [...open, again]) socket.close();
  });
});

describe('the server pages’ script', () => {
  it('is cached for good only under its current version', async () => {
    const versioned = await test.app.inject({ method: 'GET', url: assetUrl('pages.js') });
    expect(versioned.headers['cache-control']).toContain('immutable');
    for (const url of ['/static/pages.js', '/static/pages.js?v=old']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('password-reset links', () => {
  it('only the newest one works', async () => {
    const account = await createAccount(test.database.db, {
      email: 'reset@example.test',
      name: 'Reset Me',
      password: 'a long and unusual passphrase',
    });
    const first = await issueLinkToken(test.database.db, account.id, 'reset-password');
    const second = await issueLinkToken(test.database.db, account.id, 'reset-password');
    expect((await inspectLinkToken(test.database.db, first, 'reset-password')).status).not.toBe('valid');
    expect((await inspectLinkToken(test.database.db, second, 'reset-password')).status).toBe('valid');
  });
});
