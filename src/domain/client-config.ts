import type { SupportLine } from './support-line.ts';

/**
 * What the browser needs to know about this deployment. The server embeds it in index.html
 * (`<script id="app-config" type="application/json">`) and serves it at GET /api/client-config.
 * It never holds a secret.
 */
export interface ClientConfig {
  productName: string;
  oidc: {
    /** The issuer the browser signs in with (the embedded provider at /oidc, or an external one). */
    authority: string;
    clientId: string;
    /** Name of the ID-token claim holding `{ "allowed-roles": [...] }` (customer-app §3). */
    claimsNamespace: string;
  };
  /** Issue 29 §4: the idle time-out and the absolute lifetime of a sign-in. */
  session: { idleMinutes: number; maxHours: number };
  /** Set in embedded mail mode only: where a person trying the product reads the mails sent. */
  mailboxUrl?: string;
  /** Issue 28 §5: the neutral page "Leave quickly" goes to (QUICK_EXIT_URL). */
  quickExitUrl: string;
  /** Issue 28 §6: the support line shown when the record's organization sets none. */
  supportLine: SupportLine;
  /** Issue 29 §3: answers may go to an outside AI service here (OPENAI_* set), so people are asked first. */
  outsideAi?: true;
  /**
   * Issue 30 §6: people sign in at an outside provider (OIDC_ISSUER), so no password is asked here:
   * erasing an account wants a fresh sign-in there instead.
   */
  externalSignIn?: true;
  /**
   * Issue 41: how long a spoken answer may last (minutes), and whether recordings are transcribed
   * here (an OpenAI-compatible endpoint is configured); without one the screen says so.
   */
  recording?: { maxMinutes: number; transcription: boolean };
}

/** Issue 29 §4 (OWASP ASVS V7.3): 30 minutes idle, 12 hours at most from sign-in. */
export const DEFAULT_SESSION_LIMITS = { idleMinutes: 30, maxHours: 12 } as const;

export const ALLOWED_ROLES_KEY = 'allowed-roles';
/**
 * Issue 25 §5: the instant (ms since the epoch) the embedded provider issued an ID token, inside
 * the same namespace claim: `iat` has whole seconds only, and a logout must end every token issued
 * before it, to the millisecond, while a sign-in right after it still works.
 */
export const ISSUED_AT_MS_KEY = 'issued-at-ms';
/**
 * Issue 38 §4: the embedded provider's session (device) a token belongs to, so Logout ends that one
 * (its uid: a reference, not the session cookie's secret).
 */
export const SIGN_IN_SESSION_KEY = 'session';
