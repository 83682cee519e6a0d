import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createTestUser } from '../../test-support/test-users.ts';

// Issue 30 §6 with issue 41 §6 (decision 180): erasing a person cancels and deletes their background
// jobs, through the erasure service; other people's jobs stay.
describe('erasing a person forgets their jobs', () => {
  let test: TestApp;
  const ran: string[] = [];
  beforeAll(async () => {
    test = await createTestApp();
    test.app.jobs.register('test.reminder', {}, async (job) => {
      ran.push(job.id);
    });
    await test.app.ready();
  });
  afterAll(async () => test?.close());

  it('leaves none of their jobs to run or to read, and keeps everyone else’s', async () => {
    const admin = await createTestUser(test.database.db, test.config, { roles: ['admin'] });
    const person = await createTestUser(test.database.db, test.config, { roles: ['client'] });
    const neighbour = await createTestUser(test.database.db, test.config, { roles: ['client'] });
    const soon = { startAfter: new Date(Date.now() + 1000) };
    const theirs = await test.app.jobs.send('test.reminder', {}, { ...soon, personId: person.id });
    const kept = await test.app.jobs.send('test.reminder', {}, { ...soon, personId: neighbour.id });

    const erased = await test.app.inject({
      method: 'POST',
      url: `/api/users/${person.id}/erase`,
      headers: admin.headers,
      payload: { confirmation: 'ERASE' },
    });
    expect(erased.statusCode).toBe(200);
    expect(await test.app.jobs.status(theirs)).toBeNull();
    await expect
      .poll(async () => (await test.app.jobs.status(kept))?.state, { timeout: 10_000 })
      .toBe('completed');
    expect(ran).toEqual([kept]);
  });
});
