import { type FormEvent, useMemo, useState } from 'react';
import { type BookSource, bookSectionChoices, buildBook } from '#domain/book-model.ts';
import {
  BOOK_FORMAT_NAMES,
  BOOK_FORMATS,
  type BookFormat,
  type BookPagesRequestInput,
  type BookRequestInput,
  bookRequestSchema,
  canonicalLocale,
  defaultBookTitle,
  PAGE_SIZE_NAMES,
  PAGE_SIZES,
  type PageSize,
} from '#domain/book-request.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { failureMessage } from '#web/lib/api-request.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { type BookStatus, startBook, useChapterPages } from './api/book-requests.ts';
import { BookPreview } from './book-preview.tsx';
import { BookProgress } from './book-progress.tsx';
import { BookSectionList, sectionHasContent } from './book-section-list.tsx';

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The choices the page numbers depend on: all but the format. */
function pagesOf({ format: _format, ...choices }: BookRequestInput): BookPagesRequestInput {
  return choices;
}

const browserLocale = () => canonicalLocale(navigator.language) ?? 'en';

/**
 * Issue 42 §1: the person's choices for their book (title, subtitle, sections and their order,
 * questions before answers, "Prefer not to answer" questions, format and page size), a preview of
 * the first pages from the same book model, and each book asked for with its progress.
 */
export function BookMaker({
  recordId,
  source,
  ownerName,
}: {
  recordId: string;
  source: BookSource;
  ownerName: string | null;
}) {
  const { getIdToken } = useAuth();
  const choices = useMemo(() => bookSectionChoices(source), [source]);
  const choiceMap = useMemo(() => new Map(choices.map((choice) => [choice.section, choice])), [choices]);
  const [title, setTitle] = useState(() => defaultBookTitle(ownerName));
  const [subtitle, setSubtitle] = useState('');
  const [order, setOrder] = useState(() => choices.map((choice) => choice.section));
  const [chosen, setChosen] = useState(
    () => new Set(choices.filter((choice) => choice.chosenByDefault).map((choice) => choice.section)),
  );
  const [showQuestions, setShowQuestions] = useState(true);
  const [includeDeclined, setIncludeDeclined] = useState(false);
  const [pageSize, setPageSize] = useState<PageSize>('a4');
  const [format, setFormat] = useState<BookFormat>('pdf');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [made, setMade] = useState<BookStatus[]>([]);
  const locale = useMemo(browserLocale, []);

  const sections = order.filter((section) => {
    const choice = choiceMap.get(section);
    return chosen.has(section) && choice !== undefined && sectionHasContent(choice, includeDeclined);
  });
  const request = { format, title, subtitle, sections, showQuestions, includeDeclined, pageSize, locale };
  const sectionsKey = sections.join(',');
  const preview = useMemo(() => {
    const chosenSections = sectionsKey === '' ? [] : sectionsKey.split(',').map(Number);
    return buildBook(
      source,
      {
        title: title.trim() || defaultBookTitle(ownerName),
        subtitle: subtitle.trim(),
        sections: chosenSections,
        showQuestions,
        includeDeclined,
        pageSize,
        locale,
      },
      { author: ownerName, madeAt: new Date() },
    );
  }, [source, title, subtitle, sectionsKey, showQuestions, includeDeclined, pageSize, locale, ownerName]);

  // Decision 190: the contents' page numbers as the PDF prints them, counted by the server. A Word
  // file and an e-reader number their own pages, so only the PDF's are shown.
  const pagesRequest =
    format === 'pdf' && bookRequestSchema.safeParse(request).success ? pagesOf(request) : null;
  const chapterPages = useChapterPages(recordId, pagesRequest, getIdToken);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = bookRequestSchema.safeParse(request);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check your choices.');
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      const status = await startBook(recordId, request, getIdToken);
      setMade((list) => [status, ...list]);
    } catch (error) {
      setProblem(failureMessage(error, 'Your book could not be started. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="book-maker">
      <form className="book-maker__form" onSubmit={submit} noValidate>
        <div className="form-field">
          <label htmlFor="book-title">Title</label>
          <input
            id="book-title"
            value={title}
            maxLength={200}
            required
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
        </div>
        <div className="form-field">
          <label htmlFor="book-subtitle">Subtitle (optional)</label>
          <input
            id="book-subtitle"
            value={subtitle}
            maxLength={300}
            onChange={(event) => setSubtitle(event.currentTarget.value)}
          />
        </div>
        <fieldset className="book-maker__sections">
          <legend>What goes in, and in what order</legend>
          <p className="book-maker__hint">
            Sections you skipped for now and questions you chose not to answer stay out unless you tick them.
            Drag a section by its handle, or use Move up and Move down.
          </p>
          <BookSectionList
            order={order}
            choices={choiceMap}
            chosen={chosen}
            includeDeclined={includeDeclined}
            onToggle={(section, on) =>
              setChosen((current) => {
                const next = new Set(current);
                if (on) next.add(section);
                else next.delete(section);
                return next;
              })
            }
            onMove={(from, to) => setOrder((current) => moved(current, from, to))}
          />
        </fieldset>
        <fieldset className="book-maker__options">
          <legend>How answers are shown</legend>
          <label className="checkbox-label">
            <input
              type="checkbox"
              checked={showQuestions}
              onChange={(event) => setShowQuestions(event.currentTarget.checked)}
            />
            Begin each answer with its question
          </label>
          <label className="checkbox-label">
            <input
              type="checkbox"
              checked={includeDeclined}
              onChange={(event) => setIncludeDeclined(event.currentTarget.checked)}
            />
            Include the questions I chose not to answer (“Prefer not to answer”)
          </label>
        </fieldset>
        <fieldset className="book-maker__options">
          <legend>File</legend>
          {BOOK_FORMATS.map((value) => (
            <label key={value} className="checkbox-label">
              <input
                type="radio"
                name="book-format"
                value={value}
                checked={format === value}
                onChange={() => setFormat(value)}
              />
              {value === 'pdf'
                ? 'PDF (to read, print or share)'
                : value === 'docx'
                  ? 'Word (to edit)'
                  : 'EPUB (for e-readers)'}
            </label>
          ))}
        </fieldset>
        <fieldset className="book-maker__options">
          <legend>Page size</legend>
          {PAGE_SIZES.map((value) => (
            <label key={value} className="checkbox-label">
              <input
                type="radio"
                name="book-page-size"
                value={value}
                checked={pageSize === value}
                onChange={() => setPageSize(value)}
              />
              {PAGE_SIZE_NAMES[value]}
            </label>
          ))}
          {format === 'epub' ? (
            <p className="book-maker__hint">An e-reader sets its own pages; the size is for PDF and Word.</p>
          ) : null}
        </fieldset>
        {problem ? <ErrorMessage message={problem} /> : null}
        <Button type="submit" disabled={sending}>
          Make my book
        </Button>
        <p className="book-maker__hint">
          Your book is made on our server for you alone and kept, locked, for an hour so you can download it.
          “Who has seen your record” lists every book you make.
        </p>
        {made.map((status) => (
          <BookProgress key={status.id} initial={status} />
        ))}
      </form>
      <section className="book-maker__preview" aria-labelledby="book-preview-title">
        <h2 id="book-preview-title">Preview of the first pages ({BOOK_FORMAT_NAMES[format]})</h2>
        {preview.ok ? (
          <BookPreview book={preview.book} chapterPages={format === 'pdf' ? chapterPages : undefined} />
        ) : (
          <p>{preview.error}</p>
        )}
      </section>
    </div>
  );
}
