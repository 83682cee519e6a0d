import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../test-support/set-up-test-app.ts';
import { createTestApp } from '../../test-support/test-app.ts';

describe('health routes', () => {
  const test = setUpTestApp();

  it('/healthz answers while the process is alive', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('/readyz reports the database reachable, and 503 once it is not', async () => {
    const ready = await test.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', keyStore: 'ok' });

    const other = await createTestApp();
    try {
      // The database goes away after the server is up (its job queue started on it then).
      await other.app.ready();
      await other.database.close();
      const down = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    } finally {
      await other.close();
    }
  });

  it('/readyz reports 503 when the key store cannot be reached (issue 38 §3)', async () => {
    const other = await createTestApp();
    try {
      await other.database.vault.close();
      const down = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: 'ok', keyStore: 'unreachable' });
    } finally {
      await other.close();
    }
  });

  it('answers an unknown API path with a JSON error', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found: GET /api/nothing-here' });
  });
});
