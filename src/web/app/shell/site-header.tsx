import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { ROLES } from '#domain/roles.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Logo } from '#web/components/ui/logo.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useProductName } from '#web/lib/client-config-context.tsx';
import { useHeightVariable } from '#web/lib/use-height-variable.ts';
import { LogoutControl } from './logout-control.tsx';
import { initialsOf, navigationLinks } from './navigation-links.ts';
import { SignOutEverywhereControl } from './sign-out-everywhere-control.tsx';

const ROLE_LABELS = { admin: 'Admin', client: 'Client', customer: 'Customer', user: 'User' } as const;

/** admin-app §2 App shell header: logo, navigation by role, the signed-in person or Login. */
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
          <div className="site-header__account">
            {auth.isAuthenticated ? (
              <>
                <div className="account-chip">
                  <span className="account-chip__avatar" aria-hidden="true">
                    {initialsOf(auth.name)}
                  </span>
                  <span className="account-chip__text">
                    <span className="account-chip__name">{auth.name ?? 'Signed in'}</span>
                    {auth.roles.length > 0 ? (
                      <span className="account-chip__roles">
                        <span className="visually-hidden">Roles: </span>
                        {ROLES.filter((role) => auth.roles.includes(role)).map((role) => (
                          <Badge key={role} tone={role === 'admin' ? 'accent' : 'neutral'}>
                            {ROLE_LABELS[role]}
                          </Badge>
                        ))}
                      </span>
                    ) : null}
                  </span>
                </div>
                <LogoutControl />
                <SignOutEverywhereControl />
              </>
            ) : auth.isLoading ? null : (
              <Button variant="accent" size="sm" onClick={() => void auth.login()}>
                Login
              </Button>
            )}
          </div>
        </div>
      </div>
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
