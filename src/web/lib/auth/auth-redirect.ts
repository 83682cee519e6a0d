/**
 * What the identity provider sent the browser back with (customer-app §4: "on return (code and
 * state query parameters) the callback is handled and the URL cleaned"). Routes live in the hash,
 * so the query belongs to the provider alone: cleaning drops it and keeps the hash route.
 */
export type AuthRedirect = { kind: 'none' } | { kind: 'signin' | 'signout'; url: string; cleanUrl: string };

export function readAuthRedirect(href: string): AuthRedirect {
  const url = new URL(href);
  const params = url.searchParams;
  if (!params.has('state')) return { kind: 'none' };
  // A sign-in answer carries a code, or an error (access_denied, login_required, …); a sign-out
  // answer carries the state alone.
  const kind = params.has('code') || params.has('error') ? 'signin' : 'signout';
  return { kind, url: href, cleanUrl: `${url.pathname}${url.hash}` };
}

/** The route to show after sign-in: only an in-app hash path, never another site. */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  return value;
}

/** The current hash route ("/faq" for "#/faq"), remembered across the sign-in redirect. */
export function currentHashRoute(hash: string): string {
  const route = hash.replace(/^#/, '');
  return safeReturnTo(route) ?? '/';
}
