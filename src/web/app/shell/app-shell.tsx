import './shell.css';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '#web/components/ui/error-boundary.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { SESSION_END_KEY } from '#web/lib/auth/auth-logout.ts';
import { useAuth, useAuthSession } from '#web/lib/auth/auth-provider.tsx';
import { useClientConfig } from '#web/lib/client-config-context.tsx';
import { leaveQuickly, listenForTripleEscape } from '#web/lib/quick-exit.ts';
import { ScreenError } from '../routes/screen-error.tsx';
import { SessionTimeout } from './session-timeout.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

const MAIN_ID = 'main-content';
// Issue 29 §4: shown only on the page after a time-out, so not part of every screen's script
// (the record route's budget, 130 KiB); the provider has just sent the page back, so it is online.
const SessionEndedNotice = lazy(() =>
  import('./session-ended-notice.tsx').then((module) => ({ default: module.SessionEndedNotice })),
);

/** admin-app §2 App shell around every screen: skip link, header, main landmark, footer. */
export function AppShell() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useFocusMainOnRouteChange(mainRef, pathname);
  useReturnAfterSignIn();
  const [sessionEnd] = useState(() => sessionStorage.getItem(SESSION_END_KEY));
  // Issue 28 §5: Escape three times within 2 s leaves quickly, anywhere in the app.
  const { quickExitUrl } = useClientConfig();
  useEffect(() => listenForTripleEscape(() => leaveQuickly(quickExitUrl)), [quickExitUrl]);

  return (
    <div className="app">
      <a
        className="skip-link"
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          // Routes live in the hash: move focus instead of letting the router read "#main-content".
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        Skip to main content
      </a>
      <SiteHeader />
      <SessionTimeout />
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="app__main">
        {sessionEnd !== null ? (
          <Suspense fallback={null}>
            <SessionEndedNotice stored={sessionEnd} />
          </Suspense>
        ) : null}
        <ErrorBoundary resetKey={pathname} fallback={<ScreenError />}>
          <Suspense
            fallback={
              <div className="page-loading">
                <Spinner label="Loading..." showLabel />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * After a client-side navigation, start the new screen at its top and move focus to it, so
 * screen readers begin reading the new content (nothing moves on the first load).
 */
function useFocusMainOnRouteChange(mainRef: RefObject<HTMLElement | null>, pathname: string) {
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}

/** Back to the route the person was on when they pressed Login (kept in the sign-in state). */
function useReturnAfterSignIn() {
  const { isAuthenticated } = useAuth();
  const session = useAuthSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!isAuthenticated) return;
    const returnTo = session.takeReturnTo();
    if (returnTo && returnTo !== `${pathname}${search}`) navigate(returnTo, { replace: true });
  }, [isAuthenticated, session, navigate, pathname, search]);
}
