import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_MESSAGES, REMINDER_SUBJECT } from '#domain/reminders.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { auditEntries, lifeRecords, reminders } from '../../db/schema.ts';
import { type ApiFixtures, createApiFixtures } from '../../test-support/api-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { usingPostgres } from '../../test-support/test-database.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { sendNextReminderNow } from './reminder-operations.ts';
import { REMINDER_SERVICE_MESSAGES } from './reminder-service.ts';

/**
 * Issue 43 "Done when": the schedule across a daylight-saving change, snooze, no mail after submit
 * or recent typing, once across two server instances, retry after an SMTP failure, unsubscribe by
 * the header's POST; on PGlite, or PostgreSQL with TEST_DATABASE_URL. The rules read a controlled
 * clock (in 2027, so a queued job is never due by itself); `runDue` moves the clock to the next
 * reminder and makes its job due now, as the passing of time would.
 */
describe(`reminders (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let test: TestApp;
  let app: FastifyInstance;
  let f: ApiFixtures;
  let clock = new Date('2027-03-22T10:00:00Z');
  const sent: MailMessage[] = [];
  let failures = 0;
  const mailer: Mailer = {
    kind: 'outbox',
    send: async (message) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('451 4.3.0 Mail server temporarily unavailable');
      }
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    },
    close: () => {},
  };
  const options = { now: () => clock, retryDelaySeconds: 1, retryLimit: 1 };
  const weekly = { frequency: 'weekly', day: 0, time: '18:00', timeZone: 'Europe/Berlin', oneQuestion: true };

  beforeAll(async () => {
    test = await createTestApp({ reminders: options, mailer });
    app = test.app;
    await app.ready();
    f = await createApiFixtures(test.database.db, test.config);
    // Its one question (Name) not answered yet: the question by e-mail.
    const data = await test.database.vault.seal(
      f.ownedRecordId,
      'answers',
      JSON.stringify({ currentStep: 0 }),
    );
    await test.database.db.update(lifeRecords).set({ data }).where(eq(lifeRecords.id, f.ownedRecordId));
  });
  afterAll(async () => {
    await test?.close();
  });

  const put = (body: object, headers = f.users.owner.headers, id = f.ownedRecordId) =>
    app.inject({ method: 'PUT', url: `/api/records/${id}/reminders`, headers, payload: body });
  const reminder = async () => {
    const [row] = await test.database.db
      .select()
      .from(reminders)
      .where(eq(reminders.recordId, f.ownedRecordId));
    if (!row) throw new Error('no reminder row');
    return row;
  };
  const jobState = async (id: string) => (await app.jobs.status(id))?.state;

  /** Time passes until the next reminder: the clock moves there and its job becomes due. */
  async function runDue(): Promise<string> {
    const row = await reminder();
    if (!row.jobId || !row.nextSendAt) throw new Error('nothing scheduled');
    clock = new Date(row.nextSendAt.getTime() + 30_000);
    expect(await sendNextReminderNow(test.database.db, f.ownedRecordId)).toBe(true);
    await expect
      .poll(() => jobState(row.jobId as string), { timeout: 15_000, interval: 100 })
      .toMatch(/completed|failed/);
    return row.jobId;
  }

  it('refuses a bad time zone, day or time with a clear message, and anyone but the owner', async () => {
    for (const [change, message] of [
      [{ timeZone: 'Mars/Olympus' }, REMINDER_MESSAGES.timeZone],
      [{ day: 9 }, REMINDER_MESSAGES.day],
      [{ time: '25:61' }, REMINDER_MESSAGES.time],
    ] as const) {
      const response = await put({ ...weekly, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message });
    }
    expect((await put(weekly, f.users.customerA.headers)).statusCode).toBe(403);
    expect((await put(weekly, f.users.otherClient.headers)).statusCode).toBe(404);
    expect((await put(weekly, {} as never)).statusCode).toBe(401);
    const read = await app.inject({
      method: 'GET',
      url: `/api/records/${f.ownedRecordId}/reminders`,
      headers: f.users.customerA.headers,
    });
    expect(read.statusCode).toBe(403);
  });

  it('sends weekly on Sunday 18:00 Berlin time across the change to summer time, discreetly', async () => {
    const response = await put(weekly);
    expect(response.statusCode).toBe(200);
    // 28 March 2027 is the day clocks go forward: 18:00 CEST is 16:00 UTC (the Sunday before: 17:00).
    expect(response.json()).toMatchObject({ setting: weekly, nextSendAt: '2027-03-28T16:00:00.000Z' });
    const row = await reminder();
    expect((await app.jobs.status(row.jobId as string))?.runAfter.toISOString()).toBe(
      '2027-03-28T16:00:00.000Z',
    );
    await runDue();
    expect(sent).toHaveLength(1);
    const mail = sent[0] as MailMessage;
    expect(mail).toMatchObject({ to: f.users.owner.email, subject: REMINDER_SUBJECT });
    // One question by e-mail: the next unanswered question, in the body only.
    expect(mail.text).toContain('  Name');
    expect(mail.text).toContain(`${test.config.publicUrl}/#/record/${f.ownedRecordId}?next=1`);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http.*\/api\/reminders\/unsubscribe\?token=v1\./);
    expect((await reminder()).nextSendAt?.toISOString()).toBe('2027-04-04T16:00:00.000Z');
    const audited = await test.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.recordId, f.ownedRecordId), eq(auditEntries.action, 'reminders.set')));
    expect(audited.length).toBeGreaterThan(0);
  });

  it('snoozes for a week: the next reminder moves past it', async () => {
    const before = await reminder();
    clock = new Date('2027-03-30T09:00:00Z');
    const response = await app.inject({
      method: 'POST',
      url: `/api/records/${f.ownedRecordId}/reminders/snooze`,
      headers: f.users.owner.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      snoozedUntil: '2027-04-06T09:00:00.000Z',
      nextSendAt: '2027-04-11T16:00:00.000Z',
    });
    expect(await jobState(before.jobId as string)).toBe('cancelled');
  });

  it('sends nothing while the person typed in the last 2 days, and goes on next week', async () => {
    const row = await reminder();
    await test.database.db
      .update(lifeRecords)
      .set({ version: 2, updatedAt: new Date((row.nextSendAt as Date).getTime() - 24 * 3600_000) })
      .where(eq(lifeRecords.id, f.ownedRecordId));
    await runDue();
    expect(sent).toHaveLength(1);
    expect((await reminder()).nextSendAt?.toISOString()).toBe('2027-04-18T16:00:00.000Z');
  });

  it('offers the organization’s suggestion to a person who has not chosen yet', async () => {
    const suggest = await app.inject({
      method: 'PUT',
      url: `/api/organizations/${f.organizationA}/reminder-suggestion`,
      headers: f.users.customerA.headers,
      payload: { suggest: true },
    });
    expect(suggest.statusCode).toBe(200);
    const other = await app.inject({
      method: 'GET',
      url: `/api/records/${f.otherRecordId}/reminders`,
      headers: f.users.otherClient.headers,
    });
    // Off by default; the suggestion is offered, to accept with one click.
    expect(other.json()).toMatchObject({ saved: false, suggested: true, setting: { frequency: 'off' } });
    const own = await app.inject({
      method: 'GET',
      url: `/api/records/${f.ownedRecordId}/reminders`,
      headers: f.users.owner.headers,
    });
    expect(own.json()).toMatchObject({ saved: true, suggested: false });
  });

  it('sends nothing after Complete & Send', async () => {
    await test.database.db
      .update(lifeRecords)
      .set({ submitted: true })
      .where(eq(lifeRecords.id, f.ownedRecordId));
    await runDue();
    expect(sent).toHaveLength(1);
    await test.database.db
      .update(lifeRecords)
      .set({ submitted: false })
      .where(eq(lifeRecords.id, f.ownedRecordId));
  });

  it('retries a send that failed at the mail server, and sends it once', async () => {
    await put(weekly);
    failures = 1;
    const jobId = await runDue();
    expect(sent).toHaveLength(2);
    expect(await app.jobs.status(jobId)).toMatchObject({ state: 'completed', attempts: 2 });
  });

  it('shows a send that kept failing in the admin Mail view, with the reason', async () => {
    failures = 2;
    await runDue();
    expect(sent).toHaveLength(2);
    const view = await app.inject({
      method: 'GET',
      url: '/api/admin/mail-failures',
      headers: f.users.admin.headers,
    });
    expect(view.statusCode).toBe(200);
    expect(view.json()[0]).toMatchObject({
      kind: 'reminder',
      recordId: f.ownedRecordId,
      attempts: 2,
      reason: '451 4.3.0 Mail server temporarily unavailable',
    });
    const refused = await app.inject({
      method: 'GET',
      url: '/api/admin/mail-failures',
      headers: f.users.customerA.headers,
    });
    expect(refused.statusCode).toBe(403);
    // The next period is scheduled all the same.
    expect((await reminder()).jobId).not.toBeNull();
  });

  it('goes out once when two server instances schedule and run it on one database', async () => {
    const second: Database =
      test.database.kind === 'postgres' ? await openDatabase(test.target) : test.database;
    const other = await buildApp({
      config: test.config,
      database: second,
      clientDir: path.join(test.dataDir, 'no-client'),
      mailer,
      reminders: options,
      jobQueue: { pollingIntervalSeconds: 0.5, shutdownGraceSeconds: 1 },
    });
    await other.ready();
    try {
      const row = await reminder();
      const [a, b] = await Promise.all([
        app.reminderRunner.schedule({ ...row, jobId: null, nextSendAt: null }),
        other.reminderRunner.schedule({ ...row, jobId: null, nextSendAt: null }),
      ]);
      expect(a.jobId).toBe(b.jobId);
      const before = sent.length;
      await runDue();
      // Both instances' workers poll the kind; a moment more for a second, wrong send to show.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(sent.length).toBe(before + 1);
    } finally {
      await other.close();
      if (second !== test.database) await second.close();
    }
  });

  it("turns reminders off by the header's one-click POST, with a signed token only", async () => {
    const mail = sent.at(-1) as MailMessage;
    const url = new URL((mail.headers?.['List-Unsubscribe'] ?? '').slice(1, -1));
    const post = (token: string) =>
      app.inject({
        method: 'POST',
        url: `${url.pathname}?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const token = url.searchParams.get('token') as string;
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await post(tampered)).json()).toEqual({ error: REMINDER_SERVICE_MESSAGES.unsubscribeInvalid });
    const now = clock;
    clock = new Date(now.getTime() + 61 * 24 * 3600_000);
    expect((await post(token)).json()).toEqual({ error: REMINDER_SERVICE_MESSAGES.unsubscribeExpired });
    clock = now;
    // A GET (a link scanner) changes nothing.
    expect((await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(200);
    expect((await reminder()).frequency).toBe('weekly');
    const response = await post(token);
    expect(response.statusCode).toBe(200);
    const row = await reminder();
    expect(row).toMatchObject({ frequency: 'off', nextSendAt: null, jobId: null });
  });

  it('shows the organization progress, last activity and whether reminders are on, never answers', async () => {
    await put(weekly);
    const response = await app.inject({
      method: 'GET',
      url: `/api/organizations/${f.organizationA}/record-activity`,
      headers: f.users.customerA.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().suggestReminders).toBe(true);
    const own = response
      .json()
      .records.find((entry: { recordId: string }) => entry.recordId === f.ownedRecordId);
    expect(Object.keys(own).sort()).toEqual([
      'lastActivity',
      'name',
      'percent',
      'recordId',
      'remindersOn',
      'submitted',
    ]);
    expect(own).toMatchObject({ remindersOn: true, percent: expect.any(Number) });
    const other = await app.inject({
      method: 'GET',
      url: `/api/organizations/${f.organizationA}/record-activity`,
      headers: f.users.customerB.headers,
    });
    expect(other.statusCode).toBe(404);
  });

  it('forgets the reminders of an erased person, and their waiting job', async () => {
    const row = await reminder();
    expect(row.jobId).not.toBeNull();
    const erased = await app.inject({
      method: 'POST',
      url: `/api/users/${f.users.owner.id}/erase`,
      headers: f.users.admin.headers,
      payload: { confirmation: 'ERASE' },
    });
    expect(erased.statusCode).toBe(200);
    const left = await test.database.db
      .select()
      .from(reminders)
      .where(eq(reminders.recordId, f.ownedRecordId));
    expect(left).toEqual([]);
    expect(await app.jobs.status(row.jobId as string)).toBeNull();
  });
});
