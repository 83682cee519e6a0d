import {
  type Decision,
  type DenialReason,
  MISSING_TOKEN_MESSAGE,
  NO_PERMISSION_MESSAGE,
} from '#domain/permissions.ts';

/**
 * Expected failures are values (STYLE §7): a service answers `{ ok: false, failure }` with the
 * message the caller shows; GraphQL turns it into an error with `extensions.code`, an /api route
 * into `{ error }` with the matching HTTP status.
 */
export type FailureCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  /** A service we call (the AI model API, Stripe, the mail server) failed or refused. */
  | 'BAD_GATEWAY'
  /** A service we call did not answer in time. */
  | 'GATEWAY_TIMEOUT'
  /** What was asked is not offered by this deployment (payments without Stripe in production). */
  | 'UNAVAILABLE';
export interface Failure {
  readonly code: FailureCode;
  readonly message: string;
}
export type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly failure: Failure };

export const HTTP_STATUS: Record<FailureCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
};

/** The value of a success shaped for its caller; a failure passes through unchanged. */
export function mapResult<T, U>(result: Result<T>, shape: (value: T) => U): Result<U> {
  return result.ok ? ok(shape(result.value)) : result;
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail(code: FailureCode, message: string): { ok: false; failure: Failure } {
  return { ok: false, failure: { code, message } };
}

// admin-app §6 and customer-app §2: the spec's own refusals.
export { ADMINS_ONLY_MESSAGE } from '#domain/admin-inputs.ts';
export { NO_PERMISSION_MESSAGE };
export const RECORD_SUBMITTED_MESSAGE = 'This record has been submitted and can no longer be changed.';

/** The failure for a policy's denial; `notFound` names the thing, so the id's existence stays hidden. */
export function denial(
  reason: DenialReason,
  messages: { notFound?: string; forbidden?: string } = {},
): { ok: false; failure: Failure } {
  switch (reason) {
    case 'unauthenticated':
      return fail('UNAUTHENTICATED', MISSING_TOKEN_MESSAGE);
    case 'not-found':
      return fail('NOT_FOUND', messages.notFound ?? 'Not found.');
    case 'submitted':
      return fail('CONFLICT', RECORD_SUBMITTED_MESSAGE);
    case 'forbidden':
      return fail('FORBIDDEN', messages.forbidden ?? NO_PERMISSION_MESSAGE);
  }
}

/** Shorthand for "go on if allowed": the denial as a failure, or undefined. */
export function refusal(
  decision: Decision,
  messages?: { notFound?: string; forbidden?: string },
): { ok: false; failure: Failure } | undefined {
  return decision.allowed ? undefined : denial(decision.reason, messages);
}
