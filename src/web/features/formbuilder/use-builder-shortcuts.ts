import { useEffect } from 'react';

/**
 * Ctrl+Z undoes and Ctrl+Shift+Z (or Ctrl+Y) redoes a builder action (⌘ on a Mac), except while
 * the focus is in a text box, where the browser's own undo of the typing comes first.
 */
export function useBuilderShortcuts(undo: () => void, redo: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [undo, redo]);
}

/** The browser asks before the page is left or reloaded while there are unsaved changes. */
export function useWarnBeforeLeaving(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    // Issue 11: a link inside the app (the header, Versions) asks too; it runs before the router's.
    const onLinkClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || link.getAttribute('target') === '_blank') return;
      if (!(link.getAttribute('href') ?? '').startsWith('#/')) return;
      if (window.confirm(LEAVE_WITH_UNSAVED_CHANGES)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onLinkClick, true);
    const stopGuardingBack = guardBackButton();
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onLinkClick, true);
      stopGuardingBack();
    };
  }, [unsaved]);
}

/**
 * The browser's Back (or Forward) button asks too. HashRouter has no blocker (decision 050 keeps the
 * declarative router); the Navigation API can stop a traversal within the page before anything moves,
 * so leaving is one more traversal to the same entry, and staying changes nothing. Where it is missing
 * (older browsers) Back leaves as before; the warning on reload or close still holds there.
 */
function guardBackButton(): () => void {
  const navigation = (window as { navigation?: NavigationLike }).navigation;
  if (!navigation) return () => {};
  let allowed: string | null = null;
  const onNavigate = (event: NavigateEventLike) => {
    if (event.navigationType !== 'traverse' || !event.cancelable) return;
    const key = event.destination.key;
    if (key === allowed) return;
    event.preventDefault();
    if (!window.confirm(LEAVE_WITH_UNSAVED_CHANGES)) return;
    allowed = key;
    // After this cancelled traversal has ended; started inside its handler, it would be aborted too.
    setTimeout(() => {
      const traversal = navigation.traverseTo(key);
      traversal.committed.catch(() => {});
      traversal.finished
        .catch(() => {})
        .finally(() => {
          allowed = null;
        });
    }, 0);
  };
  navigation.addEventListener('navigate', onNavigate);
  return () => navigation.removeEventListener('navigate', onNavigate);
}

/** What this uses of the Navigation API (not yet in TypeScript's DOM types). */
interface NavigateEventLike {
  navigationType: string;
  cancelable: boolean;
  destination: { key: string };
  preventDefault(): void;
}
interface NavigationLike {
  addEventListener(type: 'navigate', listener: (event: NavigateEventLike) => void): void;
  removeEventListener(type: 'navigate', listener: (event: NavigateEventLike) => void): void;
  traverseTo(key: string): { committed: Promise<unknown>; finished: Promise<unknown> };
}

export const LEAVE_WITH_UNSAVED_CHANGES =
  'The form has changes that are not saved. Leave the form builder without saving them?';
