import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FieldError } from '../server-pages/page-layout.ts';

/** Helpers shared by the sign-in and e-mail-link pages: replies, form values, limits, origin check. */

export function sendPage(reply: FastifyReply, status: number, page: string): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
}

/** A text value of an urlencoded form; anything else (missing, repeated) reads as empty. */
export function formValue(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** The first message per field, in form order, for the error summary and the fields. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push(field ? { field, message: issue.message } : { message: issue.message });
  }
  return errors;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Per-IP limits on the form posts (DESIGN §8), counted in the database so they hold across
 * instances (issue 14 §4): enough to make guessing across many accounts slow; the per-address
 * throttle (sign-in-throttle.ts) does the rest.
 */
export function createFormLimits(app: FastifyInstance) {
  // Each limit counts under its own name in the shared store.
  const byNetwork = (limit: string) => (request: FastifyRequest) => `${limit}:${request.ip}`;
  // NETWORK_RATE_LIMIT_FACTOR scales them, e.g. for a test suite signing in many people from one address.
  const max = (count: number) => Math.ceil(count * app.config.networkRateLimitFactor);
  return {
    signIn: app.createRateLimit({ keyGenerator: byNetwork('sign-in'), max: max(20), timeWindow: 5 * 60_000 }),
    signUp: app.createRateLimit({
      keyGenerator: byNetwork('sign-up'),
      max: max(10),
      timeWindow: 15 * 60_000,
    }),
    /** Posts that send a mail: forgot password, send the verification link again. */
    mail: app.createRateLimit({ keyGenerator: byNetwork('mail'), max: max(5), timeWindow: 15 * 60_000 }),
    reset: app.createRateLimit({ keyGenerator: byNetwork('reset'), max: max(10), timeWindow: 15 * 60_000 }),
  };
}
export type FormLimits = ReturnType<typeof createFormLimits>;

/** Counts the request; when over the limit, the message to show and the seconds to wait. */
export async function overLimit(
  limiter: Limiter,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FieldError | undefined> {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return undefined;
  const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
  reply.header('retry-after', String(result.ttlInSeconds));
  return {
    message: `Too many attempts from your network. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  };
}

/**
 * Form posts must come from our own pages. Browsers say where a post comes from (Sec-Fetch-Site,
 * and Origin), so a post from another site is refused here. The interaction cookie (SameSite=Lax,
 * bound to the uid in the path) already keeps cross-site posts out of a sign-in; this covers the
 * link pages too.
 */
export function isSameOriginPost(request: FastifyRequest, allowedOrigins: ReadonlySet<string>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true; // not a browser form post: no one's cookies to abuse
  return allowedOrigins.has(origin) || origin === `${request.protocol}://${request.host}`;
}
