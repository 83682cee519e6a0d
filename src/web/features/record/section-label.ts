export interface SectionChoice {
  title: string;
  /** customer-app §5: every visible field of the step is filled. */
  complete: boolean;
}

/** customer-app §2: the option text of a step. */
export function sectionLabel(index: number, title: string): string {
  return `Section ${index + 1}: ${title}`;
}
