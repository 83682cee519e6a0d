import { formOfRecord } from '#domain/record-form.ts';
import { answeredOfRecordData } from '#domain/record-form-data.ts';
import {
  nextReminderAt,
  nextUnansweredQuestion,
  reminderPeriod,
  reminderSuppression,
} from '#domain/reminders.ts';
import type { JobQueue, RunningJob } from '../../kernel/job-queue.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { formsOfVersions } from '../form-versions/form-version-service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { actorReader, answersOf, openRecord } from '../records/open-records.ts';
import { getRecord } from '../records/record-service.ts';
import { reminderMail } from './reminder-mail.ts';
import * as store from './reminder-repository.ts';
import { issueUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * Issue 43 §4 (decision 195): each reminder is a job `reminders.send` on the durable queue, sent
 * with `startAfter` its instant and the singleton key `reminder:<record>:<period>`, so however many
 * instances schedule it, one job exists and one instance runs it. The handler decides again when it
 * runs (the setting, the record and the person may have changed), sends, marks the period sent once,
 * and schedules the next. A failed send is retried with back-off; after the last attempt the reason
 * goes to `mail_failures` (the admin Mail view) and the next period is scheduled all the same.
 */
export const REMINDER_JOB_KIND = 'reminders.send';

export interface ReminderPayload {
  recordId: string;
  period: string;
}

export interface ReminderOptions {
  /** The clock the rules read (tests control it; the queue's own timing stays real). */
  now: () => Date;
  /** Seconds before the first retry of a failed send; doubled for each one after (default 60). */
  retryDelaySeconds: number;
  /** Retries after the first attempt before the send counts as failed (default 4). */
  retryLimit: number;
}

export interface ReminderRunner {
  /**
   * Puts the next reminder of a record on the queue after a change of its setting (or a send):
   * the job of the schedule before is cancelled, unless it is the one running now.
   */
  schedule(row: store.ReminderRow, runningJobId?: string): Promise<store.ReminderRow>;
  readonly now: () => Date;
}

interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export function createReminderRunner(
  deps: ServiceDeps,
  context: { jobs: JobQueue; mailer: Mailer; publicUrl: string; log: Logger; options: ReminderOptions },
): ReminderRunner {
  const { jobs, mailer, publicUrl, log, options } = context;
  const now = options.now;

  async function schedule(row: store.ReminderRow, runningJobId?: string): Promise<store.ReminderRow> {
    const setting = store.settingOf(row);
    if (!setting) return row;
    const clock = now();
    const from = row.snoozedUntil && row.snoozedUntil > clock ? row.snoozedUntil : clock;
    const next = nextReminderAt(setting, from, row.lastSentAt);
    // The same instant keeps its job (a second instance scheduling it gets the same one back, by
    // its singleton key); another instant cancels the job of the schedule before.
    if (row.jobId && row.jobId !== runningJobId && row.nextSendAt?.getTime() !== next?.getTime())
      await jobs.cancel(row.jobId);
    if (!next)
      return store.upsertReminder(deps.database, row.recordId, row.ownerId, {
        nextSendAt: null,
        jobId: null,
      });
    const period = reminderPeriod(setting, next);
    const jobId = await jobs.send<ReminderPayload>(
      REMINDER_JOB_KIND,
      { recordId: row.recordId, period },
      { personId: row.ownerId, singletonKey: `reminder:${row.recordId}:${period}`, startAfter: next },
    );
    return store.upsertReminder(deps.database, row.recordId, row.ownerId, { nextSendAt: next, jobId });
  }

  async function questionFor(ownerId: string, recordId: string): Promise<string | null> {
    // Read as the owner reads it: the records service is the one door to the answers (decision 130).
    const owner = { userId: ownerId, organizationId: null, roles: [] };
    const read = await getRecord(deps, owner, recordId);
    if (!read.ok || read.value.unreadable) return null;
    const record = read.value;
    const data = await openRecord(actorReader(deps, owner), answersOf(record), 'owner.use');
    const key = `${record.inventoryTypeId}/${record.formVersion}`;
    const form = formOfRecord((await formsOfVersions(deps, [key])).get(key), data);
    if (!form.ok) return null;
    const next = nextUnansweredQuestion(form.form, answeredOfRecordData(data));
    return next?.mailable ? next.label : null;
  }

  async function send(job: RunningJob<ReminderPayload>): Promise<void> {
    const { recordId, period } = job.data;
    const row = await store.findReminder(deps.database, recordId);
    // A setting changed or snoozed since: its own job carries the schedule now.
    const setting = store.settingOf(row);
    if (!row || !setting || row.jobId !== job.id || setting.frequency === 'off') return;
    const target = await store.findTarget(deps.database, recordId);
    if (!target || target.ownerId !== row.ownerId || !target.email) return;
    const clock = now();
    const suppressed = reminderSuppression(
      {
        frequency: setting.frequency,
        submitted: target.submitted,
        lastTypedAt: target.lastTypedAt,
        addressVerified: target.addressVerified,
        erased: target.erased,
        lastSentAt: row.lastSentAt,
        snoozedUntil: row.snoozedUntil,
      },
      clock,
    );
    if (suppressed) {
      log.info({ recordId, period, suppressed }, 'a reminder was not sent');
      // After Complete & Send or an erasure nothing more is scheduled.
      if (suppressed !== 'submitted' && suppressed !== 'erased') await schedule(row, job.id);
      return;
    }
    const previous = { lastPeriod: row.lastPeriod, lastSentAt: row.lastSentAt };
    if (!(await store.claimPeriod(deps.database, recordId, period, clock))) return;
    try {
      const mail = reminderMail({
        to: target.email,
        recordId,
        publicUrl,
        unsubscribeToken: await issueUnsubscribeToken(deps.database, recordId, row.ownerId, clock),
        question: row.oneQuestion ? await questionFor(row.ownerId, recordId) : null,
      });
      await mailer.send(mail);
    } catch (error) {
      await store.releasePeriod(deps.database, recordId, previous);
      if (job.attempt > options.retryLimit) {
        const reason = error instanceof Error ? error.message : String(error);
        await store.insertMailFailure(deps.database, {
          kind: 'reminder',
          recordId,
          jobId: job.id,
          reason: reason.slice(0, 500),
          attempts: job.attempt,
        });
        // This period is lost; the next one is still due.
        await schedule({ ...row, lastSentAt: clock }, job.id);
      }
      throw error;
    }
    log.info({ recordId, period }, 'a reminder was sent');
    const sent = await store.findReminder(deps.database, recordId);
    if (sent) await schedule(sent, job.id);
  }

  jobs.register<ReminderPayload>(
    REMINDER_JOB_KIND,
    {
      retryLimit: options.retryLimit,
      retryDelaySeconds: options.retryDelaySeconds,
      retryDelayMaxSeconds: 6 * 60 * 60,
      expireInSeconds: 120,
      concurrency: 2,
      keepSeconds: 14 * 86_400,
    },
    send,
  );
  return { schedule, now };
}
