import type { RoleFlags } from '#domain/roles.ts';

export interface NavigationLink {
  to: string;
  label: string;
}

/**
 * admin-app §2 App shell: Home, FAQ and Contact Us always; Account and Products for a logged-in
 * customer or admin; Admin and Forms for an admin. Hiding a link is never the protection
 * (DESIGN §6): the server refuses what a role may not do.
 */
export function navigationLinks({
  isAuthenticated,
  isAdmin,
  isCustomerOrAdmin,
}: Pick<RoleFlags, 'isAdmin' | 'isCustomerOrAdmin'> & { isAuthenticated: boolean }) {
  const links: NavigationLink[] = [{ to: '/', label: 'Home' }];
  if (isAuthenticated && isCustomerOrAdmin) {
    links.push({ to: '/account', label: 'Account' }, { to: '/products', label: 'Products' });
  }
  if (isAuthenticated && isAdmin) {
    links.push({ to: '/admin', label: 'Admin' }, { to: '/formbuilder', label: 'Forms' });
  }
  links.push({ to: '/faq', label: 'FAQ' }, { to: '/contact', label: 'Contact Us' });
  return links;
}

/** admin-app §2: the footer's links, in the spec's order; issue 44 adds the accessibility statement last. */
export const FOOTER_LINKS: readonly NavigationLink[] = [
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/eula', label: 'EULA' },
  { to: '/cybersecurity', label: 'Cybersecurity' },
  { to: '/aipolicy', label: 'AI-Generated Data Policy' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Get Support' },
  { to: '/accessibility', label: 'Accessibility' },
];

/** Up to two initials for the avatar: "Ada Lovelace" → "AL", "ada@example.com" → "A". */
export function initialsOf(name: string | null): string {
  const words = (name ?? '')
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words.slice(0, 1);
  return letters.map((word) => word?.[0]?.toUpperCase() ?? '').join('') || '?';
}
