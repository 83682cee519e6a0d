import type { BookSectionChoice } from '#domain/book-model.ts';
import { SortableList } from '#web/components/ui/sortable-list.tsx';

/** What the list says about a section beside its name. */
export function sectionNote(choice: BookSectionChoice, includeDeclined: boolean): string {
  const parts: string[] = [];
  if (choice.skipped) parts.push('Skipped for now');
  if (choice.answered > 0) parts.push(choice.answered === 1 ? '1 answer' : `${choice.answered} answers`);
  if (choice.declined > 0 && includeDeclined)
    parts.push(
      choice.declined === 1
        ? '1 question you chose not to answer'
        : `${choice.declined} questions you chose not to answer`,
    );
  if (parts.length === 0 || (choice.answered === 0 && !(includeDeclined && choice.declined > 0)))
    return choice.skipped ? 'Skipped for now, no answers yet' : 'No answers yet';
  return parts.join(' · ');
}

/** Whether a section has anything for the book (a section without it cannot be chosen). */
export function sectionHasContent(choice: BookSectionChoice, includeDeclined: boolean): boolean {
  return choice.answered > 0 || (includeDeclined && choice.declined > 0);
}

/**
 * Issue 42 §1: which sections go in, and in what order: each with a tick box, a drag handle (a
 * pointer drags it; Space picks it up, the arrows move it, Space drops it) and Move up / Move down
 * buttons for anyone who cannot drag.
 */
export function BookSectionList({
  order,
  choices,
  chosen,
  includeDeclined,
  onToggle,
  onMove,
}: {
  order: readonly number[];
  choices: ReadonlyMap<number, BookSectionChoice>;
  chosen: ReadonlySet<number>;
  includeDeclined: boolean;
  onToggle: (section: number, chosen: boolean) => void;
  onMove: (from: number, to: number) => void;
}) {
  return (
    <SortableList
      items={order}
      idOf={(section) => `section-${section}`}
      describe={(section) => choices.get(section)?.title ?? `Section ${section + 1}`}
      onMove={onMove}
      label="Sections of your book, in order"
    >
      {(section, index, handle) => {
        const choice = choices.get(section);
        if (!choice) return null;
        const id = `book-section-${section}`;
        const available = sectionHasContent(choice, includeDeclined);
        return (
          <div className={chosen.has(section) ? 'book-section book-section--chosen' : 'book-section'}>
            {handle}
            <input
              type="checkbox"
              id={id}
              checked={available && chosen.has(section)}
              disabled={!available}
              aria-describedby={`${id}-note`}
              onChange={(event) => onToggle(section, event.currentTarget.checked)}
            />
            <label htmlFor={id} className="book-section__title">
              {choice.title}
            </label>
            <span id={`${id}-note`} className="book-section__note">
              {sectionNote(choice, includeDeclined)}
            </span>
            <span className="book-section__moves">
              <button
                type="button"
                className="button button--quiet button--sm"
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
              >
                Move up<span className="visually-hidden"> {choice.title}</span>
              </button>
              <button
                type="button"
                className="button button--quiet button--sm"
                disabled={index === order.length - 1}
                onClick={() => onMove(index, index + 1)}
              >
                Move down<span className="visually-hidden"> {choice.title}</span>
              </button>
            </span>
          </div>
        );
      }}
    </SortableList>
  );
}
