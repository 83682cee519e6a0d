import type { ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, SubmenuTrigger } from 'react-aria-components';
import { buttonClassName } from '#web/components/ui/button.tsx';

/** One choice of a row menu: a link (`href`), an action, or a submenu of choices (`choices`). */
export type RowMenuItem =
  | { id: string; label: string; href: string }
  | { id: string; label: string; onAction: () => void; isDisabled?: boolean }
  | {
      id: string;
      label: string;
      choices: readonly string[];
      onChoose: (choice: string) => void;
      isDisabled?: boolean;
    };

/**
 * Issue 44 §2: a console row with more than three actions keeps them in one menu (React Aria's
 * Menu: arrow keys, typeahead, Escape back to the button, a submenu opened with ArrowRight), so
 * the list fits its panel at 1280 px. The button is named "Actions for <row>" so each row's menu
 * is told apart by a screen reader; its visible word "Actions" is part of that name (WCAG 2.5.3).
 */
export function RowMenu({ of, items }: { of: string; items: readonly RowMenuItem[] }) {
  return (
    <MenuTrigger>
      <Button
        className={buttonClassName('secondary', 'sm', 'row-menu__button')}
        aria-label={`Actions for ${of}`}
      >
        Actions <span aria-hidden="true">▾</span>
      </Button>
      <Popover placement="bottom end" className="row-menu__popover">
        <Menu className="row-menu" aria-label={`Actions for ${of}`}>
          {items.map((item) => itemOf(item))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

function itemOf(item: RowMenuItem): ReactNode {
  if ('href' in item)
    return (
      <MenuItem key={item.id} id={item.id} href={item.href} className="row-menu__item">
        {item.label}
      </MenuItem>
    );
  if ('onAction' in item)
    return (
      <MenuItem
        key={item.id}
        id={item.id}
        onAction={item.onAction}
        isDisabled={item.isDisabled ?? false}
        className="row-menu__item"
      >
        {item.label}
      </MenuItem>
    );
  return (
    <SubmenuTrigger key={item.id}>
      <MenuItem id={item.id} isDisabled={item.isDisabled ?? false} className="row-menu__item">
        {item.label} <span aria-hidden="true">▸</span>
      </MenuItem>
      <Popover placement="start top" className="row-menu__popover">
        <Menu className="row-menu" aria-label={item.label} onAction={(key) => item.onChoose(String(key))}>
          {item.choices.map((choice) => (
            <MenuItem key={choice} id={choice} className="row-menu__item">
              {choice}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </SubmenuTrigger>
  );
}
