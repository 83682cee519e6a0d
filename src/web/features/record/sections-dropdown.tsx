import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { SectionChoice } from './section-label.ts';

type SectionsListModule = typeof import('./sections-list.tsx');

/**
 * React Aria's list and search (about 44 KiB gzip) would not fit the record screen's 130 KiB budget
 * (issue 15 §3), so they load apart, when the person reaches for the button (decision 090).
 */
let listModule: Promise<SectionsListModule> | null = null;
let loadedList: SectionsListModule | null = null;

function loadSectionsList(): Promise<SectionsListModule> {
  listModule ??= import('./sections-list.tsx').then(
    (loaded) => {
      loadedList = loaded;
      return loaded;
    },
    (error: unknown) => {
      listModule = null; // a later try fetches it again
      throw error;
    },
  );
  return listModule;
}

/** Fetches the list ahead of need; a failure shows only when the list is opened. */
function prefetchSectionsList(): void {
  loadSectionsList().catch(() => {});
}

export const SECTIONS_UNAVAILABLE_MESSAGE =
  'The list of sections could not be loaded. Check your connection and try again; Previous and Next still work.';

/**
 * customer-app §2 sections dropdown: the "Sections (N of M)" button opens a search over the steps
 * (sections-list.tsx); choosing one closes it (customer-app §4). Escape or a click outside closes it,
 * Escape returning to the button.
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
  const [list, setList] = useState<SectionsListModule | 'failed' | null>(loadedList);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const load = () => {
    loadSectionsList().then(setList, () => setList('failed'));
  };
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const openList = () => {
    if (loadedList) setList(loadedList);
    else {
      setList(null);
      load();
    }
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
  // The search field clears itself on Escape first; an Escape it lets through closes the popup.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') setOpen(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and Tab bubbling up from the button or the search close the popup.
    <div className="sections" ref={rootRef} onKeyDown={open ? onKeyDown : undefined}>
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary sections__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        onPointerEnter={prefetchSectionsList}
        onFocus={prefetchSectionsList}
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
          {list === 'failed' ? (
            <p className="sections__empty" role="alert">
              {SECTIONS_UNAVAILABLE_MESSAGE}
            </p>
          ) : list === null ? (
            <p className="sections__empty" role="status">
              Loading sections…
            </p>
          ) : (
            <list.SectionsList sections={sections} current={current} onChoose={choose} />
          )}
        </div>
      ) : null}
    </div>
  );
}
