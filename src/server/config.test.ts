import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('selects every embedded default when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.productName).toBe('Life Record');
    expect(config.database).toEqual({ kind: 'pglite', dir: path.resolve('./data/pg') });
    expect(config.oidc).toMatchObject({ embedded: true, issuer: 'http://localhost:8080/oidc' });
    expect(config.mail.transport).toEqual({ kind: 'outbox', dir: path.resolve('./data/outbox') });
    expect(config.stripe).toBeUndefined();
    expect(config.openai).toBeUndefined();
    expect(config.session).toEqual({ idleMinutes: 30, maxHours: 12 });
    // Decision 213: the embedded database runs in a worker thread unless told not to.
    expect(config.pgliteInWorker).toBe(true);
    expect(loadConfig({ PGLITE_WORKER: 'false' }).pgliteInWorker).toBe(false);
    expect(loadConfig({ PGLITE_WORKER: '0' }).pgliteInWorker).toBe(false);
  });

  it('takes the session time-outs, fractions included (issue 29 §4)', () => {
    expect(loadConfig({ SESSION_IDLE_MINUTES: '0.2', SESSION_MAX_HOURS: '8' }).session).toEqual({
      idleMinutes: 0.2,
      maxHours: 8,
    });
  });

  it('goes to a neutral public page and shows a default support line unless told otherwise (issue 28)', () => {
    const config = loadConfig({});
    expect(config.quickExitUrl).toBe('https://www.bbc.co.uk/weather');
    expect(config.supportLine).toMatchObject({ phone: null, url: null });
    expect(config.supportLine.text).toMatch(/talk to someone you trust/);
    expect(
      loadConfig({ SUPPORT_LINE_TEXT: ' Call us. ', SUPPORT_LINE_URL: 'https://help.example' }).supportLine,
    ).toEqual({ text: 'Call us.', phone: null, url: 'https://help.example' });
  });

  it('selects the production counterparts when their variables are set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://db.internal/life',
      OIDC_ISSUER: 'https://id.example.com/',
      SMTP_URL: 'smtps://user:pw@mail.example.com',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      OPENAI_API_KEY: 'sk-1',
      PUBLIC_URL: 'https://liferecord.example.com/',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://db.internal/life' });
    expect(config.oidc).toMatchObject({ embedded: false, issuer: 'https://id.example.com' });
    expect(config.mail.transport.kind).toBe('smtp');
    expect(config.stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1' });
    expect(config.openai).toEqual({ apiKey: 'sk-1', baseUrl: undefined, timeoutMs: 60_000 });
    expect(config.publicUrl).toBe('https://liferecord.example.com');
  });

  it('takes a key-encryption key as base64 or hex, or from a file, in production (issue 30 §1)', () => {
    const key = Buffer.alloc(32, 3);
    for (const text of [key.toString('base64'), key.toString('hex')]) {
      const config = loadConfig({ NODE_ENV: 'production', DATA_ENCRYPTION_KEY: text });
      expect(config.encryption.key).toBe(text);
    }
    const fromFile = loadConfig({ NODE_ENV: 'production', DATA_ENCRYPTION_KEY_FILE: '/run/secrets/kek' });
    expect(fromFile.encryption.keyFile).toBe('/run/secrets/kek');
    expect(loadConfig({ DATA_DIR: '/srv/lr' }).encryption.keyDir).toBe('/srv/lr/keys');
  });

  it('takes another address for Stripe’s API (stripe-mock, tests) with the Stripe keys', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      apiUrl: 'http://127.0.0.1:12111',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ NETWORK_RATE_LIMIT_FACTOR: '0' }, 'NETWORK_RATE_LIMIT_FACTOR'],
    [{ NETWORK_RATE_LIMIT_FACTOR: 'many' }, 'NETWORK_RATE_LIMIT_FACTOR'],
    [{ MEMORY_GUARD_HEAP_FRACTION: '0' }, 'MEMORY_GUARD_HEAP_FRACTION'],
    [{ MEMORY_GUARD_HEAP_FRACTION: '1.5' }, 'MEMORY_GUARD_HEAP_FRACTION'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ OIDC_ISSUER: 'not a url' }, 'OIDC_ISSUER'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SUPPORT_EMAIL: 'nobody' }, 'SUPPORT_EMAIL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ OPENAI_BASE_URL: 'api.openai.com' }, 'OPENAI_BASE_URL'],
    [{ OPENAI_TIMEOUT_MS: 'a minute' }, 'OPENAI_TIMEOUT_MS'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_1' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_API_URL: 'stripe.internal' }, 'STRIPE_API_URL'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
    [{ SESSION_IDLE_MINUTES: 'half an hour' }, 'SESSION_IDLE_MINUTES'],
    [{ SESSION_MAX_HOURS: '-1' }, 'SESSION_MAX_HOURS'],
    [{ SESSION_MAX_HOURS: '1000' }, 'SESSION_MAX_HOURS'],
    // Issue 28 §5–§6: where Leave quickly goes, and the default support line.
    [{ QUICK_EXIT_URL: 'javascript:void(0)' }, 'QUICK_EXIT_URL'],
    [{ SUPPORT_LINE_PHONE: 'ring us' }, 'SUPPORT_LINE_PHONE'],
    [{ SUPPORT_LINE_URL: 'help.example' }, 'SUPPORT_LINE_URL'],
    [{ SUPPORT_LINE_TEXT: 'x'.repeat(301) }, 'SUPPORT_LINE_TEXT'],
    // Issue 30 §1: production without a key-encryption key stops at start-up; a bad key too.
    [{ NODE_ENV: 'production' }, 'DATA_ENCRYPTION_KEY'],
    [{ DATA_ENCRYPTION_KEY: 'too short' }, 'DATA_ENCRYPTION_KEY'],
    [{ DATA_ENCRYPTION_KEY: 'ab'.repeat(31) }, 'DATA_ENCRYPTION_KEY'],
    [{ DATA_ENCRYPTION_KEY_PREVIOUS: 'nope' }, 'DATA_ENCRYPTION_KEY_PREVIOUS'],
    [{ KEY_DATABASE_URL: 'mysql://x/y' }, 'KEY_DATABASE_URL'],
  ])('refuses %o naming %s', (env, variable) => {
    let caught: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).variables).toEqual([variable]);
    expect((caught as ConfigError).message).toContain(variable);
  });
});
