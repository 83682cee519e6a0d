/**
 * Issue 41 §6 (decision 180): a background job's payload is stored in the clear in the database,
 * beside the job, for as long as the job is kept. So it carries ids and settings only (a record id,
 * a format, a page size, a time zone), never a person's words: no answer, transcript, narrative,
 * title, name or e-mail address. What a job needs of a person's content it opens through the
 * record's own reading path when it runs, or keeps sealed in a table of its module.
 *
 * The rule is structural, so a mistake fails at the first `send` in a test rather than in review:
 * every string is one short token of letters, digits and `_ . : / + = # -` (no spaces, so no
 * sentence; no `@`, so no address), keys are identifiers that do not name content, and the whole
 * payload is small and shallow.
 */
export const MAX_PAYLOAD_BYTES = 2048;
export const MAX_PAYLOAD_DEPTH = 4;
export const MAX_TOKEN_LENGTH = 128;

const TOKEN = /^[A-Za-z0-9_.:/+=#-]*$/;
const KEY = /^[A-Za-z][A-Za-z0-9_]{0,47}$/;

/** Keys that would say the value is a person's words or identity rather than an id or a setting. */
const CONTENT_KEYS = new Set(
  [
    'answer',
    'answers',
    'body',
    'comment',
    'content',
    'email',
    'message',
    'name',
    'narrative',
    'note',
    'notes',
    'password',
    'report',
    'response',
    'story',
    'subtitle',
    'text',
    'title',
    'transcript',
  ].map((key) => key.toLowerCase()),
);

export type PayloadCheck = { ok: true } | { ok: false; problem: string };

/** Whether a payload may be stored with a job; the problem names the path of the first offence. */
export function checkJobPayload(payload: unknown): PayloadCheck {
  if (!isPlainObject(payload)) return refuse('$', 'the payload must be an object of ids and settings');
  const problem = problemIn(payload, '$', 1);
  if (problem) return { ok: false, problem };
  const bytes = new TextEncoder().encode(JSON.stringify(payload)).length;
  if (bytes > MAX_PAYLOAD_BYTES)
    return refuse('$', `the payload is ${bytes} bytes; at most ${MAX_PAYLOAD_BYTES} (ids and settings only)`);
  return { ok: true };
}

function problemIn(value: unknown, path: string, depth: number): string | undefined {
  if (value === null || typeof value === 'boolean') return undefined;
  if (typeof value === 'number')
    return Number.isFinite(value) ? undefined : `${path}: numbers must be finite`;
  if (typeof value === 'string') return tokenProblem(value, path);
  if (depth > MAX_PAYLOAD_DEPTH) return `${path}: nested deeper than ${MAX_PAYLOAD_DEPTH} levels`;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = problemIn(item, `${path}[${index}]`, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  if (!isPlainObject(value)) return `${path}: only JSON values (no ${kindOf(value)})`;
  for (const [key, item] of Object.entries(value)) {
    if (!KEY.test(key)) return `${path}.${key}: keys are short identifiers`;
    if (CONTENT_KEYS.has(key.toLowerCase()))
      return `${path}.${key}: "${key}" names a person's words or identity; pass an id instead`;
    const problem = problemIn(item, `${path}.${key}`, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

function tokenProblem(value: string, path: string): string | undefined {
  if (value.length > MAX_TOKEN_LENGTH)
    return `${path}: a string of ${value.length} characters; ids and settings are at most ${MAX_TOKEN_LENGTH}`;
  if (!TOKEN.test(value))
    return `${path}: looks like text (spaces, letters outside A–Z or signs such as @); ids and settings only`;
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function kindOf(value: unknown): string {
  return typeof value === 'object' ? ((value as object).constructor?.name ?? 'object') : typeof value;
}

function refuse(path: string, why: string): PayloadCheck {
  return { ok: false, problem: `${path}: ${why}` };
}
