import { useEffect, useId, useRef, useState } from 'react';
import { ACCOUNT_ACTION_LABELS, type AccountAction } from './account-menu-items.ts';
import { AccountSummary, AccountTriggerContent } from './account-trigger-content.tsx';

type AccountMenuModule = typeof import('./account-menu.tsx');

let menuModule: Promise<AccountMenuModule> | null = null;
let loadedMenu: AccountMenuModule | null = null;

function loadAccountMenu(): Promise<AccountMenuModule> {
  menuModule ??= import('./account-menu.tsx').then(
    (loaded) => {
      loadedMenu = loaded;
      return loaded;
    },
    (error: unknown) => {
      menuModule = null; // a later try fetches it again
      throw error;
    },
  );
  return menuModule;
}

interface AccountMenuButtonProps {
  name: string;
  roles: string;
  signedOut?: boolean;
  actions: readonly AccountAction[];
  onAction: (action: AccountAction) => void;
}

/**
 * Issue 44 §1: the account button in the header. React Aria's menu loads when the person reaches
 * for the button (pointer over it, focus, or the click itself) and then takes its place, opening
 * if the click asked for it. Should it not load (offline before it ever did), the same actions
 * open as a plain list, so Logout always works, offline included (issue 26 §1).
 */
export function AccountMenuButton(props: AccountMenuButtonProps) {
  const [menu, setMenu] = useState<AccountMenuModule | null>(loadedMenu);
  const [open, setOpen] = useState(false);
  // Asked for by the stand-in's click: opened only once the menu has mounted, so React Aria's
  // popover finds its trigger to place itself by (opened at mount, it never showed).
  const [openWhenMounted, setOpenWhenMounted] = useState(false);
  useEffect(() => {
    if (menu && openWhenMounted) {
      setOpenWhenMounted(false);
      setOpen(true);
    }
  }, [menu, openWhenMounted]);
  const [focusOnLoad, setFocusOnLoad] = useState(false);
  const [fallbackOpen, setFallbackOpen] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);

  const load = (open: boolean) => {
    loadAccountMenu().then(
      (loaded) => {
        setFocusOnLoad(document.activeElement === standIn.current);
        if (open) setOpenWhenMounted(true);
        setMenu(loaded);
      },
      () => {
        if (open) setFallbackOpen(true);
      },
    );
  };

  if (menu) {
    return (
      <menu.AccountMenu
        {...props}
        isOpen={open}
        onOpenChange={setOpen}
        autoFocus={focusOnLoad || openWhenMounted}
      />
    );
  }
  return (
    <div className="account-fallback">
      <button
        ref={standIn}
        type="button"
        className="account-trigger"
        aria-haspopup="true"
        aria-expanded={fallbackOpen}
        onPointerEnter={() => load(false)}
        onFocus={() => load(false)}
        onClick={() => (fallbackOpen ? setFallbackOpen(false) : load(true))}
      >
        <AccountTriggerContent name={props.name} roles={props.roles} signedOut={props.signedOut} />
      </button>
      {fallbackOpen ? (
        <FallbackList
          {...props}
          onClose={() => {
            setFallbackOpen(false);
            standIn.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}

/** The offline stand-in: the same lines and actions as plain buttons; Escape closes it. */
function FallbackList({
  name,
  roles,
  actions,
  onAction,
  onClose,
}: AccountMenuButtonProps & { onClose: () => void }) {
  const id = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div id={id} className="account-menu__popover account-menu">
      <p className="account-menu__header">
        <AccountSummary name={name} roles={roles} />
      </p>
      <ul className="account-fallback__list">
        {actions.map((action, index) => (
          <li key={action}>
            <button
              ref={index === 0 ? first : undefined}
              type="button"
              className="account-menu__item"
              onKeyDown={(event) => {
                if (event.key === 'Escape') onClose();
              }}
              onClick={() => {
                onClose();
                onAction(action);
              }}
            >
              {ACCOUNT_ACTION_LABELS[action]}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
