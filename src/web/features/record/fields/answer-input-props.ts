import type { ReactNode } from 'react';
import type { CellField } from '#domain/form-template.ts';

/** What every answer input gets: the question, where its answer lives, and the screen's handlers. */
export interface AnswerInputProps {
  field: CellField;
  /** The answer's key: the field id, or `{tableId}__{rowIndex}__{cellFieldId}` for a table cell. */
  answerKey: string;
  value: unknown;
  onAnswer: (key: string, value: unknown) => void;
  /** customer-app §4 Editing flag: set on focus, cleared on blur. */
  onFocusAnswer: (key: string) => void;
  onBlurAnswer: () => void;
  /** Issue 28 §1: shown beside the label ("Why we ask"), and what it discloses, below the label. */
  labelAside?: ReactNode;
  afterLabel?: ReactNode;
  /** An id for the label (or legend), for controls beside the input that belong to the question. */
  labelId?: string;
}
