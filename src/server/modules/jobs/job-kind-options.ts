import type { Queue, WorkOptions } from 'pg-boss';
import { z } from 'zod';
import type { JobKindOptions, SendOptions } from '../../kernel/job-queue.ts';

/** `recordings.transcribe`, `book.make`: lower-case words joined by dots, the module first. */
export const JOB_KIND = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;

const kindOptionsSchema = z.strictObject({
  // At least one retry: a shutdown or a crash cut counts as a failed attempt (decision 180), and a
  // job must come back from it.
  retryLimit: z.number().int().min(1).max(20).default(3),
  retryDelaySeconds: z.number().int().min(1).max(86_400).default(10),
  retryDelayMaxSeconds: z.number().int().min(1).max(86_400).default(3600),
  expireInSeconds: z.number().int().min(1).max(86_400).default(300),
  concurrency: z.number().int().min(1).max(16).default(1),
  keepSeconds: z
    .number()
    .int()
    .min(1)
    .max(90 * 86_400)
    .default(7 * 86_400),
});
export type ResolvedKindOptions = z.infer<typeof kindOptionsSchema>;

/** The options of a kind with their defaults; invalid ones throw (a bug in the registering module). */
export function resolveKindOptions(kind: string, options: JobKindOptions): ResolvedKindOptions {
  if (!JOB_KIND.test(kind) || kind.length > 60)
    throw new Error(`Job kind "${kind}": lower-case words joined by dots, at most 60 characters.`);
  const parsed = kindOptionsSchema.safeParse(options);
  if (!parsed.success) throw new Error(`Job kind "${kind}": ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/**
 * The library's queue for a kind. `exclusive`: at most one queued or running job per singleton key
 * (a job sent without a key gets its own id as key, so keyless jobs never hold each other back).
 * A heartbeat every half of `HEARTBEAT_SECONDS` lets another instance retry the job of one that died
 * without waiting out the whole time limit, and lets a running handler see a cancellation.
 */
export function queueOptions(options: ResolvedKindOptions): Omit<Queue, 'name'> {
  return {
    policy: 'exclusive',
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: options.retryDelayMaxSeconds,
    expireInSeconds: options.expireInSeconds,
    deleteAfterSeconds: options.keepSeconds,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    notify: true,
  };
}
export const HEARTBEAT_SECONDS = 30;

/** How this instance fetches a kind's jobs: notified at once, and polled for delayed ones. */
export function workOptions(options: ResolvedKindOptions, pollingIntervalSeconds: number): WorkOptions {
  return {
    localConcurrency: options.concurrency,
    batchSize: 1,
    pollingIntervalSeconds,
    // A notification wakes a worker for a new job, but nothing announces a delayed job becoming
    // due or a retry's back-off ending: those wait for the next poll, so it stays short.
    notifyPollingIntervalSeconds: pollingIntervalSeconds,
  };
}

const sendOptionsSchema = z.strictObject({
  personId: z.uuid().optional(),
  singletonKey: z
    .string()
    .regex(/^[A-Za-z0-9_.:/+=#-]{1,200}$/, 'a singleton key is made of ids and settings')
    .optional(),
  startAfter: z.date().optional(),
});

export function resolveSendOptions(kind: string, options: SendOptions): SendOptions {
  const parsed = sendOptionsSchema.safeParse(options);
  if (!parsed.success) throw new Error(`Sending a "${kind}" job: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
