import { initialsOf } from './navigation-links.ts';

/**
 * The account button's name: what it shows (name, roles; only the initials on a narrow screen),
 * then what it is, so screen readers and tests find it as "…, account menu" (WCAG 2.5.3: the
 * visible words are in it, in order).
 */
export function accountTriggerLabel(name: string, roles: string): string {
  return [name, roles, 'account menu'].filter(Boolean).join(', ');
}

/** The account button's face: initials, then name and roles. */
export function AccountTriggerContent({ name, roles }: { name: string; roles: string }) {
  return (
    <>
      <span className="account-chip__avatar" aria-hidden="true">
        {initialsOf(name)}
      </span>
      <span className="account-trigger__text">
        <span className="account-trigger__name">{name}</span>
        {roles ? <span className="account-trigger__roles">{roles}</span> : null}
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
