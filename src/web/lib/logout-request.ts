/**
 * Issue 28 §4: the pause view offers "Log out", through the header's one logout flow (which asks
 * before it would delete unsent answers, issue 26 §1–§2). A screen asks for it with this event, so
 * a feature never imports the app shell.
 */
const LOGOUT_REQUEST = 'life-record:logout-request';

export function requestLogout(): void {
  window.dispatchEvent(new Event(LOGOUT_REQUEST));
}

/** The logout control listens while mounted; returns the undo. */
export function onLogoutRequest(logout: () => void): () => void {
  window.addEventListener(LOGOUT_REQUEST, logout);
  return () => window.removeEventListener(LOGOUT_REQUEST, logout);
}
