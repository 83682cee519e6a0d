import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

export interface SectionChoice {
  title: string;
  /** customer-app §5: every visible field of the step is filled. */
  complete: boolean;
}

/** customer-app §2: the option text of a step. */
export function sectionLabel(index: number, title: string): string {
  return `Section ${index + 1}: ${title}`;
}

/**
 * customer-app §2 sections dropdown: a search box ("Search steps...") over "Section N: title" options
 * with a check mark on complete sections; choosing one closes it (customer-app §4). ARIA combobox
 * with a listbox popup: arrows move, Enter chooses, Escape closes and returns to the button.
 */
export function SectionsDropdown({
  sections,
  current,
  onChoose,
}: {
  sections: SectionChoice[];
  current: number;
  onChoose: (index: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(current);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const needle = query.trim().toLowerCase();
  const matches = sections
    .map((section, index) => ({ ...section, index, label: sectionLabel(index, section.title) }))
    .filter((section) => section.label.toLowerCase().includes(needle));
  const activeMatch = matches.find((section) => section.index === active) ?? matches[0];

  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  useEffect(() => {
    if (open && activeMatch)
      document.getElementById(optionId(activeMatch.index))?.scrollIntoView?.({ block: 'nearest' });
  });

  const openList = () => {
    setQuery('');
    setActive(current);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const choose = (index: number) => {
    setOpen(false);
    onChoose(index);
  };
  const move = (by: number) => {
    if (matches.length === 0) return;
    const at = activeMatch ? matches.indexOf(activeMatch) : -1;
    const next = matches[(at + by + matches.length) % matches.length];
    if (next) setActive(next.index);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(1),
      ArrowUp: () => move(-1),
      Home: () => setActive(matches[0]?.index ?? active),
      End: () => setActive(matches.at(-1)?.index ?? active),
      Enter: () => activeMatch && choose(activeMatch.index),
      Escape: () => close(true),
    };
    const action = keys[event.key];
    if (event.key === 'Tab') setOpen(false);
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <div className="sections" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary sections__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => (open ? close(false) : openList())}
      >
        Sections{' '}
        <span className="sections__count">
          ({current + 1} of {sections.length})
        </span>
        <span className="sections__chevron" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <div className="sections__popup">
          <input
            ref={inputRef}
            className="record-input sections__search"
            type="search"
            role="combobox"
            aria-label="Search steps"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeMatch ? optionId(activeMatch.index) : undefined}
            placeholder="Search steps..."
            autoComplete="off"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
          />
          <div className="sections__list" role="listbox" id={listId} aria-label="Sections">
            {matches.map((section) => (
              // ARIA combobox pattern: options are not focusable; the search box moves among them
              // (aria-activedescendant) and handles the keys, a pointer clicks them.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys.
              // biome-ignore lint/a11y/useFocusableInteractive: see above (aria-activedescendant).
              <div
                key={section.index}
                id={optionId(section.index)}
                role="option"
                aria-selected={section.index === activeMatch?.index}
                aria-current={section.index === current ? 'step' : undefined}
                className={`sections__option${section.index === activeMatch?.index ? ' sections__option--active' : ''}`}
                onPointerMove={() => setActive(section.index)}
                onClick={() => choose(section.index)}
              >
                <span>{section.label}</span>
                {section.complete ? (
                  <span className="sections__check">
                    <span aria-hidden="true">✓</span>
                    <span className="visually-hidden"> (complete)</span>
                  </span>
                ) : null}
              </div>
            ))}
          </div>
          {matches.length === 0 ? <p className="sections__empty">No section matches.</p> : null}
        </div>
      ) : null}
    </div>
  );
}
