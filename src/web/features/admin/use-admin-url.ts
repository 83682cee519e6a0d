import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { SortDirection, SortOrder } from '#domain/admin-lists.ts';

// admin-app §2's five tabs, then the console's own lists of purchases and messages (issue 10).
export const ADMIN_TABS = [
  'records',
  'organizations',
  'users',
  'inventory-types',
  'products',
  'purchases',
  'messages',
  // Issue 29 §2: who read or sent whose answers.
  'audit',
  // Issue 43 §4: mails that kept failing, with the reason.
  'mail',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const isTab = (value: string | null): value is AdminTab =>
  (ADMIN_TABS as readonly string[]).includes(value ?? '');

/**
 * The console's place in the URL (`#/admin?tab=users&q=ada&page=2&sort=name&dir=descending`), so a
 * reload, a shared link and the back button come back to the same tab, search and page. Changing the
 * tab starts it afresh; changing the search goes back to page 1.
 */
export function useAdminUrl() {
  const [params, setParams] = useSearchParams();
  const tab: AdminTab = isTab(params.get('tab')) ? (params.get('tab') as AdminTab) : 'records';
  const query = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1');
  const sortColumn = params.get('sort');
  const direction: SortDirection = params.get('dir') === 'descending' ? 'descending' : 'ascending';
  const showUnassigned = params.get('unassigned') === 'show';

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  return {
    tab,
    query,
    page,
    sort: sortColumn ? { column: sortColumn, direction } : null,
    showUnassigned,
    setTab: (next: AdminTab) =>
      update({ tab: next === 'records' ? null : next, q: null, page: null, sort: null, dir: null }),
    // Typing replaces the entry, so the back button does not step through every keystroke.
    setQuery: (next: string) => update({ q: next, page: null }, true),
    setPage: (next: number) => update({ page: next <= 1 ? null : String(next) }),
    setSort: (order: SortOrder<string>) => update({ sort: order.column, dir: order.direction, page: null }),
    setShowUnassigned: (show: boolean) => update({ unassigned: show ? 'show' : null, page: null }),
  };
}

export type AdminUrl = ReturnType<typeof useAdminUrl>;
