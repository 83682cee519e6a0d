import type { UseFormRegisterReturn } from 'react-hook-form';
import { TREE_COUNT_ANSWER } from '#domain/support-message.ts';
import { FieldError } from './field-error.tsx';

interface Picture {
  emoji: string;
  name: string;
  isTree: boolean;
}

const evergreen: Picture = { emoji: '🌲', name: 'evergreen tree', isTree: true };
const deciduous: Picture = { emoji: '🌳', name: 'deciduous tree', isTree: true };
const decoy = (emoji: string, name: string): Picture => ({ emoji, name, isTree: false });

/**
 * admin-app §5, §9: six trees among decoys. Only unmistakable trees count and no decoy is tree-like
 * (no cactus, palm, Christmas tree or house with a garden), so the right answer is never a matter of opinion.
 */
export const TREE_ROW: readonly Picture[] = [
  evergreen,
  decoy('🌷', 'tulip'),
  deciduous,
  decoy('🍄', 'mushroom'),
  evergreen,
  decoy('🐦', 'bird'),
  deciduous,
  decoy('🌻', 'sunflower'),
  evergreen,
  decoy('🏠', 'house'),
  deciduous,
];

if (TREE_ROW.filter((picture) => picture.isTree).length !== TREE_COUNT_ANSWER) {
  throw new Error('The tree row must hold exactly TREE_COUNT_ANSWER trees.');
}

/** Read by screen readers in place of the pictures: every picture by name, in order. */
export const TREE_ROW_DESCRIPTION = `A row of ${TREE_ROW.length} pictures: ${TREE_ROW.map((p) => p.name).join(', ')}.`;

export interface TreeQuestionProps {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

/** The anti-bot question (admin-app §5): count the trees, answer with a number. */
export function TreeQuestion({ registration, error }: TreeQuestionProps) {
  return (
    <fieldset className="contact-form__fieldset tree-question">
      <legend className="contact-form__legend">A quick check that you are not a robot</legend>
      <p id="tree-row" className="tree-question__row" role="img" aria-label={TREE_ROW_DESCRIPTION}>
        {TREE_ROW.map((picture, index) => (
          // The row never changes order, so the position is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed list
          <span key={index} className="tree-question__picture">
            {picture.emoji}
          </span>
        ))}
      </p>
      <div className="contact-form__field">
        <label htmlFor="contact-trees" className="contact-form__label">
          How many trees are in the row above?
        </label>
        <input
          id="contact-trees"
          className="contact-form__input tree-question__input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'tree-row contact-trees-error' : 'tree-row'}
          {...registration}
        />
        <FieldError id="contact-trees-error" message={error} />
      </div>
    </fieldset>
  );
}
