import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover } from 'react-aria-components';
import { ACCOUNT_ACTION_LABELS, type AccountAction } from './account-menu-items.ts';
import { AccountSummary, AccountTriggerContent, accountTriggerLabel } from './account-trigger-content.tsx';

export interface AccountMenuProps {
  name: string;
  roles: string;
  actions: readonly AccountAction[];
  onAction: (action: AccountAction) => void;
  /** Opened by the click that loaded this chunk (account-menu-button.tsx). */
  defaultOpen: boolean;
  /** The stand-in button had focus when this replaced it. */
  autoFocus: boolean;
}

/**
 * Issue 44 §1: the person's actions in one menu built on React Aria's Menu (arrow keys, typeahead,
 * Escape back to the button, focus kept inside). Loaded apart from the shell: React Aria's overlays
 * would not fit the record screen's 130 KiB start-up budget (issue 15 §3, decision 170).
 */
export function AccountMenu({ name, roles, actions, onAction, defaultOpen, autoFocus }: AccountMenuProps) {
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <Button className="account-trigger" autoFocus={autoFocus} aria-label={accountTriggerLabel(name, roles)}>
        <AccountTriggerContent name={name} roles={roles} />
      </Button>
      <Popover placement="bottom end" className="account-menu__popover">
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
