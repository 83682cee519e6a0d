import type { PageSize } from './book-request.ts';

/**
 * Issue 42 §1–§2: the page layout of the printed book, in PDF points (1/72 in), written once for the
 * PDF and the screen's preview, which draws its pages at these proportions with the same fonts.
 */
export interface BookPageLayout {
  readonly width: number;
  readonly height: number;
  /** Side margins are the same on every page: a paragraph that runs on keeps its measure. */
  readonly margin: { readonly top: number; readonly bottom: number; readonly side: number };
  readonly type: {
    readonly title: number;
    readonly subtitle: number;
    readonly chapter: number;
    readonly question: number;
    readonly body: number;
    readonly running: number;
  };
  /** Space between paragraphs, in points. */
  readonly paragraphGap: number;
  /** Extra leading between lines of a paragraph, in points. */
  readonly lineGap: number;
}

const LARGE: Omit<BookPageLayout, 'width' | 'height'> = {
  margin: { top: 72, bottom: 72, side: 68 },
  type: { title: 30, subtitle: 16, chapter: 22, question: 10.5, body: 11.5, running: 8.5 },
  paragraphGap: 7,
  lineGap: 3,
};

export const BOOK_PAGE_LAYOUTS: Record<PageSize, BookPageLayout> = {
  a4: { width: 595.28, height: 841.89, ...LARGE },
  letter: { width: 612, height: 792, ...LARGE },
  '6x9': {
    width: 432,
    height: 648,
    margin: { top: 54, bottom: 58, side: 52 },
    type: { title: 24, subtitle: 13, chapter: 18, question: 9.5, body: 10.5, running: 8 },
    paragraphGap: 6,
    lineGap: 2.5,
  },
};

/** Where the running header and the page number sit: inside the top and bottom margins. */
export function runningLinePositions(layout: BookPageLayout): { header: number; footer: number } {
  return {
    header: layout.margin.top / 2 - layout.type.running / 2,
    footer: layout.height - layout.margin.bottom / 2,
  };
}

/** The book's typefaces (Noto Serif for text, Noto Sans for headings): the same files everywhere. */
export const BOOK_FONT_FAMILIES = { text: 'Noto Serif', headings: 'Noto Sans' } as const;

/** The heading of the contents page, in the book and in the preview. */
export const CONTENTS_TITLE = 'Contents';
