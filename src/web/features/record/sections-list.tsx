import { Autocomplete, Input, ListBox, ListBoxItem, SearchField, useFilter } from 'react-aria-components';
import { type SectionChoice, sectionLabel } from './section-label.ts';

/**
 * The inside of the sections dropdown (customer-app §2): a search box ("Search steps...") over
 * "Section N: title" options with a check mark on complete sections, built from React Aria's
 * Autocomplete, SearchField and ListBox (issue 10): typing filters and puts the first match under
 * the arrow keys, Enter or a click chooses. Loaded apart from the record screen (sections-dropdown.tsx).
 */
export function SectionsList({
  sections,
  current,
  onChoose,
}: {
  sections: readonly SectionChoice[];
  current: number;
  onChoose: (index: number) => void;
}) {
  const { contains } = useFilter({ sensitivity: 'base' });
  const items = sections.map((section, index) => ({
    id: index,
    label: sectionLabel(index, section.title),
    complete: section.complete,
    skipped: section.skipped === true && !section.complete,
  }));
  return (
    <Autocomplete filter={contains}>
      <SearchField aria-label="Search steps" autoFocus className="sections__search-field">
        <Input className="record-input sections__search" placeholder="Search steps..." />
      </SearchField>
      {/* Issue 44 §3: it opens on the current section, as the list did before React Aria: the
          current one is the selection, which React Aria's autoFocus starts on, so arrows move from
          it. Choosing it again unselects it in React Aria's terms; for us that is choosing it. Escape
          never clears it: it clears the search, then closes the list (sections-dropdown.tsx). */}
      <ListBox
        aria-label="Sections"
        className="sections__list"
        items={items}
        autoFocus
        selectionMode="single"
        selectedKeys={[current]}
        escapeKeyBehavior="none"
        onSelectionChange={(keys) => {
          const chosen = keys === 'all' ? current : [...keys][0];
          onChoose(chosen === undefined ? current : Number(chosen));
        }}
        renderEmptyState={() => <p className="sections__empty">No section matches.</p>}
      >
        {(item) => (
          <ListBoxItem id={item.id} textValue={item.label} className="sections__option">
            {/* The button says which one is current ("N of M"); here it is only shown in bold. */}
            <span className={item.id === current ? 'sections__current' : undefined}>{item.label}</span>
            {item.complete ? (
              <span className="sections__check">
                <span aria-hidden="true">✓</span>
                <span className="visually-hidden"> (complete)</span>
              </span>
            ) : item.skipped ? (
              // Issue 28 §2: not complete, and still opens any time.
              <span className="sections__skipped">Skipped for now</span>
            ) : null}
          </ListBoxItem>
        )}
      </ListBox>
    </Autocomplete>
  );
}
