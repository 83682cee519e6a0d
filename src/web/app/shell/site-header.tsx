import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Logo } from '#web/components/ui/logo.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useProductName } from '#web/lib/client-config-context.tsx';
import { useHeightVariable } from '#web/lib/use-height-variable.ts';
import { AccountMenuButton } from './account-menu-button.tsx';
import { accountActions, rolesInWords } from './account-menu-items.ts';
import { useLogoutFlow } from './logout-control.tsx';
import { navigationLinks } from './navigation-links.ts';
import { useSignOutEverywhere } from './sign-out-everywhere-control.tsx';

// Issue 38 §5: shown only once the server said the sign-in was ended elsewhere; in the header,
// which stays in view (sticky), so a person typing far down the page sees it.
const SignInEndedBanner = lazy(() =>
  import('./sign-in-ended-banner.tsx').then((module) => ({ default: module.SignInEndedBanner })),
);

/**
 * admin-app §2 App shell header: logo, navigation by role, the signed-in person or Login. Issue 44
 * §1: the navigation stays on one line on a wide screen and folds behind Menu on a narrow one; the
 * person's name, roles and actions are one account menu, beside it at every width.
 */
export function SiteHeader() {
  const auth = useAuth();
  const product = useProductName();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  // Sticky parts of a screen (the record's progress bar) sit just below the header, whatever its height.
  useHeightVariable(header, '--site-header-height');
  const closeMenu = () => setMenuOpen(false);
  const navigate = useNavigate();
  const { logout, notices: logoutNotices } = useLogoutFlow();
  const { signOutEverywhere, notices: signOutNotices } = useSignOutEverywhere();
  useCloseOnEscape(menuOpen, () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  });

  return (
    <header className="site-header" ref={header}>
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand" onClick={closeMenu}>
          <Logo size={36} />
          <span className="site-header__product">{product}</span>
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-icon" aria-hidden="true" />
          Menu
        </button>
        <div id={menuId} className="site-header__menu" data-open={menuOpen}>
          <nav aria-label="Main" className="site-nav">
            <ul className="site-nav__list">
              {navigationLinks(auth).map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.to === '/'} className="site-nav__link" onClick={closeMenu}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="site-header__account">
          {auth.signInEnded ? (
            // Issue 38 §5: ended elsewhere: the header says so; Logout stays, and leads.
            <AccountMenuButton
              name="Signed out"
              roles=""
              signedOut
              actions={['logout']}
              onAction={() => logout()}
            />
          ) : auth.isAuthenticated ? (
            <AccountMenuButton
              name={auth.name ?? 'Signed in'}
              roles={rolesInWords(auth.roles)}
              actions={accountActions(auth.isCustomerOrAdmin)}
              onAction={(action) => {
                if (action === 'account') navigate('/account');
                else if (action === 'logout') logout();
                else signOutEverywhere();
              }}
            />
          ) : auth.isLoading ? null : (
            <Button variant="accent" size="sm" onClick={() => void auth.login()}>
              Login
            </Button>
          )}
        </div>
      </div>
      {auth.signInEnded ? (
        <Suspense fallback={null}>
          <SignInEndedBanner cause={auth.signInEnded} />
        </Suspense>
      ) : null}
      {logoutNotices}
      {signOutNotices}
    </header>
  );
}

/** The narrow-screen menu closes with Escape, as a disclosure menu is expected to. */
function useCloseOnEscape(open: boolean, close: () => void) {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
}
