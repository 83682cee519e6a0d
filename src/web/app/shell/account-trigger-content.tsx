import { initialsOf } from './navigation-links.ts';

/**
 * The account button's face: initials, then name and roles, and its accessible name from them,
 * ending "account menu" (WCAG 2.5.3: the visible words are in the name, in order). On a narrow
 * screen only the initials show; the name and roles are in the menu.
 */
export function AccountTriggerContent({
  name,
  roles,
  signedOut = false,
}: {
  name: string;
  roles: string;
  /** Issue 38 §5: no initials of "Signed out"; the words show at every width instead. */
  signedOut?: boolean | undefined;
}) {
  return (
    <>
      {signedOut ? null : (
        <span className="account-chip__avatar" aria-hidden="true">
          {initialsOf(name)}
        </span>
      )}
      <span
        className={signedOut ? 'account-trigger__text account-trigger__text--kept' : 'account-trigger__text'}
      >
        <span className="account-trigger__name">{name}</span>
        {roles ? <span className="account-trigger__roles"> {roles}</span> : null}
        <span className="visually-hidden"> account menu</span>
      </span>
      <span className="account-trigger__chevron" aria-hidden="true" />
    </>
  );
}

/** The menu's first lines: who is signed in, in full (never cut), and as what. */
export function AccountSummary({ name, roles }: { name: string; roles: string }) {
  return (
    <>
      <span className="account-menu__name">{name}</span>
      {roles ? <span className="account-menu__roles">{roles}</span> : null}
    </>
  );
}
