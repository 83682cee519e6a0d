export interface SectionChoice {
  title: string;
  /** customer-app §5: every visible field of the step is filled. */
  complete: boolean;
  /** Issue 28 §2: the person chose "Skip this section for now" at its content note. */
  skipped?: boolean;
}

/** customer-app §2: the option text of a step. */
export function sectionLabel(index: number, title: string): string {
  return `Section ${index + 1}: ${title}`;
}
