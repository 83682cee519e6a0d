import { type RefObject, useEffect, useRef } from 'react';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover } from 'react-aria-components';
import { ACCOUNT_ACTION_LABELS, type AccountAction } from './account-menu-items.ts';
import { AccountSummary, AccountTriggerContent } from './account-trigger-content.tsx';

export interface AccountMenuProps {
  name: string;
  roles: string;
  /** Issue 38 §5: the sign-in ended elsewhere; the button says so in words at every width. */
  signedOut?: boolean;
  actions: readonly AccountAction[];
  onAction: (action: AccountAction) => void;
  /**
   * Open or not, held by account-menu-button.tsx: the click that loaded this chunk may land on the
   * stand-in a moment after this has mounted, and must still open it.
   */
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The stand-in button had focus when this replaced it. */
  autoFocus: boolean;
}

/**
 * Issue 44 §1: the person's actions in one menu built on React Aria's Menu (arrow keys, typeahead,
 * Escape back to the button, focus kept inside). Loaded apart from the shell: React Aria's overlays
 * would not fit the record screen's 130 KiB start-up budget (issue 15 §3, decision 170).
 */
export function AccountMenu({
  name,
  roles,
  signedOut,
  actions,
  onAction,
  isOpen,
  onOpenChange,
  autoFocus,
}: AccountMenuProps) {
  const popover = useRef<HTMLElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // However it opened (its own button, or the stand-in's click that loaded it), focus an item.
  useEffect(() => {
    if (isOpen) focusItemOnceShown(popover, trigger);
  }, [isOpen]);
  return (
    <MenuTrigger
      isOpen={isOpen}
      onOpenChange={(open) => {
        onOpenChange(open);
        if (!open) returnFocusTo(trigger);
      }}
    >
      <Button ref={trigger} className="account-trigger" autoFocus={autoFocus}>
        <AccountTriggerContent name={name} roles={roles} signedOut={signedOut} />
      </Button>
      <Popover ref={popover} placement="bottom end" className="account-menu__popover">
        <Menu
          className="account-menu"
          aria-label="Account"
          onAction={(key) => onAction(key as AccountAction)}
          autoFocus="first"
        >
          <MenuSection className="account-menu__section">
            <Header className="account-menu__header">
              <AccountSummary name={name} roles={roles} />
            </Header>
            {actions.map((action) => (
              <MenuItem key={action} id={action} className="account-menu__item">
                {ACCOUNT_ACTION_LABELS[action]}
              </MenuItem>
            ))}
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/**
 * The popover is hidden while React Aria measures where to put it, so its first attempt to focus
 * an item can miss and leave focus on the popover itself; a screen reader would then announce no
 * item. Once it is shown, focus the item React Aria marks as focused.
 */
function focusItemOnceShown(popover: RefObject<HTMLElement | null>, trigger: RefObject<HTMLElement | null>) {
  let frames = 0;
  const focusItem = () => {
    const root = popover.current;
    const active = document.activeElement;
    // Done once an item has focus, or when focus went elsewhere on purpose (outside the popover).
    if (
      root &&
      active instanceof HTMLElement &&
      root.contains(active) &&
      active.getAttribute('role') === 'menuitem'
    )
      return;
    const waiting = !active || active === document.body || active === root || active === trigger.current;
    if (root && !waiting && !root.contains(active)) return;
    if (root && root.checkVisibility?.() !== false) {
      root.querySelector<HTMLElement>('[role="menuitem"][data-focused], [role="menuitem"]')?.focus();
    }
    // About a second of frames: a loaded machine can take that long to place the popover.
    if (frames++ < 60) requestAnimationFrame(focusItem);
  };
  requestAnimationFrame(focusItem);
}

/** Escape or a choice that moves focus nowhere: back to the button, never lost on the page. */
function returnFocusTo(trigger: RefObject<HTMLButtonElement | null>) {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) trigger.current?.focus();
  });
}
