import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { IP_LIMIT } from '../support/support-routes.ts';
import { countHit, readHits } from './rate-limit-repository.ts';

// Issue 14 §4: the app scales out behind a load balancer; a limit kept in each instance's memory
// would be multiplied by the number of instances. Two servers on one database share the count.

let test: TestApp;
let second: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  test = await createTestApp();
  second = await buildApp({ config: test.config, database: test.database, clientDir: '/nonexistent' });
});
afterAll(async () => {
  await second.close();
  await test.close();
});

describe('rate limits across instances', () => {
  it('counts the contact-form posts of one network on either server against one limit', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= IP_LIMIT.max; attempt++) {
      const server = attempt % 2 === 0 ? test.app : second;
      const response = await server.inject({
        method: 'POST',
        url: '/api/support',
        remoteAddress: '203.0.113.200',
        payload: {
          name: 'Ada Lovelace',
          email: `shared${attempt}@example.com`,
          message: 'How do I continue my record after a break?',
          type: 'contact_form',
          timestamp: '2025-07-07T10:15:00.000Z',
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, IP_LIMIT.max).filter((status) => status >= 400)).toEqual([]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the counter', () => {
  it('counts hits in a window, one statement at a time, and starts again when it has passed', async () => {
    const db = test.database.db;
    const hits = await Promise.all(Array.from({ length: 20 }, () => countHit(db, 'test:concurrent', 60_000)));
    expect(hits.map((hit) => hit.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect((await readHits(db, 'test:concurrent', 60_000)).hits).toBe(20);
    expect((await countHit(db, 'test:short', 1)).hits).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await countHit(db, 'test:short', 1)).hits).toBe(1);
    expect((await readHits(db, 'test:never', 60_000)).hits).toBe(0);
  });
});
