/** Sign-in library errors are only logged (customer-app §8), never the tokens themselves. */
export function logAuthError(what: string, error: unknown) {
  console.error(`Sign-in: ${what}:`, error instanceof Error ? error.message : error);
}

// Answers of a prompt=none request that only mean "nobody is signed in at the provider".
const NO_PROVIDER_SESSION = [
  'login_required',
  'interaction_required',
  'consent_required',
  'account_selection_required',
];

/** The OAuth error code of an oidc-client-ts ErrorResponse (told apart without loading the library). */
export function oidcErrorCode(error: unknown): string | null {
  if (!(error instanceof Error) || error.name !== 'ErrorResponse') return null;
  const code = (error as Error & { error?: unknown }).error;
  return typeof code === 'string' ? code : null;
}

/** A quiet sign-in that failed because nobody is signed in at the provider is the ordinary case. */
export function logQuietSignInFailure(error: unknown) {
  const code = oidcErrorCode(error);
  if (code && NO_PROVIDER_SESSION.includes(code)) {
    console.info(`Sign-in: nobody is signed in at the provider (${code}).`);
  } else {
    logAuthError('quiet sign-in failed', error);
  }
}
