import type { CSSProperties, ReactNode } from 'react';
import { type BookBlock, DECLINED_IN_BOOK } from '#domain/book-answers.ts';
import { BOOK_PAGE_LAYOUTS, CONTENTS_TITLE } from '#domain/book-layout.ts';
import type { Book } from '#domain/book-model.ts';
import { useBookFonts } from './book-fonts.ts';

/**
 * How wide a previewed page is on screen, in CSS pixels (the page's own proportions set its
 * height): the cover and contents small, side by side; the first chapter's page large enough to read.
 */
const SMALL_PAGE_PX = 170;
const OPEN_PAGE_PX = 400;

function Block({ block }: { block: BookBlock }) {
  switch (block.kind) {
    case 'answer':
      return (
        <>
          {block.question ? <p className="book-page__question">{block.question}</p> : null}
          {block.paragraphs.map((text, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one answer, in order, never moved
            <p key={index}>{text}</p>
          ))}
        </>
      );
    case 'list':
      return (
        <>
          {block.question ? <p className="book-page__question">{block.question}</p> : null}
          <ul>
            {block.items.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      );
    case 'declined':
      return (
        <>
          <p className="book-page__question">{block.question}</p>
          <p>
            <em>{DECLINED_IN_BOOK}</em>
          </p>
        </>
      );
    case 'table':
      return (
        <>
          <p className="book-page__question">{block.caption}</p>
          <table>
            <thead>
              <tr>
                {block.rowHeadings ? <td /> : null}
                {block.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of one table, in order
                <tr key={index}>
                  {block.rowHeadings ? <th scope="row">{row.heading}</th> : null}
                  {row.cells.map((cell, cellIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of one row, in order
                    <td key={cellIndex}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      );
  }
}

function Page({
  caption,
  style,
  open = false,
  children,
}: {
  caption: string;
  style: CSSProperties;
  open?: boolean;
  children: ReactNode;
}) {
  return (
    <figure className={open ? 'book-preview__figure book-preview__figure--open' : 'book-preview__figure'}>
      <div className="book-page" style={style}>
        {children}
      </div>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

/**
 * Issue 42 §1: the first pages as the file will have them: the cover, the contents and the first
 * chapter's opening page, drawn from the same book model, page size, margins, type sizes and fonts
 * as the PDF (domain/book-layout.ts), scaled to the screen. What does not fit on a page is cut off
 * as the page would turn. The contents' page numbers are the PDF's, counted by the server for these
 * choices (decision 190): "…" while they are counted, none for a file without fixed pages.
 */
export function BookPreview({
  book,
  chapterPages,
}: {
  book: Book;
  /** The PDF's, for exactly this book; null while counting; undefined: the file has no such pages. */
  chapterPages?: readonly number[] | null | undefined;
}) {
  useBookFonts();
  const layout = BOOK_PAGE_LAYOUTS[book.pageSize];
  const pageStyle = (widthPx: number) => {
    const px = (points: number) => `${((points * widthPx) / layout.width).toFixed(2)}px`;
    return {
      width: `min(${widthPx}px, 100%)`,
      aspectRatio: `${layout.width} / ${layout.height}`,
      padding: `${px(layout.margin.top)} ${px(layout.margin.side)} ${px(layout.margin.bottom)}`,
      '--book-title': px(layout.type.title),
      '--book-subtitle': px(layout.type.subtitle),
      '--book-chapter': px(layout.type.chapter),
      '--book-question': px(layout.type.question),
      '--book-body': px(layout.type.body),
      '--book-gap': px(layout.paragraphGap),
    } as CSSProperties;
  };
  const small = pageStyle(SMALL_PAGE_PX);
  const [first] = book.chapters;
  const byline = [book.author && !book.title.includes(book.author) ? book.author : null, book.madeOn]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="book-preview__pages">
      <Page caption="Page 1: the cover" style={small}>
        <div className="book-page__cover">
          <p className="book-page__title">{book.title}</p>
          {book.subtitle ? <p className="book-page__subtitle">{book.subtitle}</p> : null}
          <p className="book-page__byline">{byline}</p>
        </div>
      </Page>
      <Page caption="Page 2: the contents" style={small}>
        <p className="book-page__chapter">{CONTENTS_TITLE}</p>
        <ol className="book-page__contents" aria-busy={chapterPages === null}>
          {book.chapters.map((chapter, index) => (
            <li key={chapter.section}>
              <span className="book-page__contents-title">{chapter.title}</span>
              {chapterPages === undefined ? null : (
                <span className="book-page__contents-page">{chapterPages?.[index] ?? '…'}</span>
              )}
            </li>
          ))}
        </ol>
      </Page>
      {first ? (
        <Page caption="Page 3: the first chapter" style={pageStyle(OPEN_PAGE_PX)} open>
          <p className="book-page__chapter book-page__chapter--opening">{first.title}</p>
          {first.blocks.slice(0, 12).map((block, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one chapter, in order
            <Block key={index} block={block} />
          ))}
        </Page>
      ) : null}
    </div>
  );
}
