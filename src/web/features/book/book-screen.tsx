import './book.css';
import { Link, useParams } from 'react-router';
import { BOOK_MESSAGES } from '#domain/book-request.ts';
import type { FormTemplate } from '#domain/form-template.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useBookRecord } from './api/book-requests.ts';
import { BookMaker } from './book-maker.tsx';

export const BOOK_SCREEN_TITLE = 'Your story as a book';

/**
 * Issue 42 §1 (route /record/{id}/book): the record's owner makes a readable copy of their story:
 * as a draft at any time, and after Complete & Send. Anyone else is told it is the owner's to make
 * (the server refuses them regardless).
 */
export function BookScreen() {
  const { id = '' } = useParams();
  usePageTitle(BOOK_SCREEN_TITLE);
  const { user } = useAuth();
  const load = useBookRecord(id);
  const record = load.data?.record;
  const back = (
    <p>
      <Link to={`/record/${id}`}>Back to my record</Link>
    </p>
  );
  let body: React.ReactNode;
  if (load.error) body = <ErrorMessage message={load.error.message} />;
  else if (load.isPending) body = <Spinner label="Loading..." showLabel />;
  else if (!record) body = <ErrorMessage message="Record not found." />;
  else if (!user || record.user?.federatedId !== user.profile.sub)
    body = <ErrorMessage message={BOOK_MESSAGES.notOwner} />;
  else {
    const form = record.form.template as FormTemplate | null | undefined;
    body = form ? (
      <BookMaker
        recordId={record.id}
        source={{ form, data: record.data }}
        ownerName={record.user?.name ?? null}
      />
    ) : (
      <ErrorMessage message={record.form.problem ?? 'This record has no form.'} />
    );
  }
  return (
    <article className="page book-screen">
      <h1>{BOOK_SCREEN_TITLE}</h1>
      <p className="book-screen__intro">
        A copy of your story to keep, print or give: choose what goes in and how it looks, then make it as
        PDF, Word or EPUB.
      </p>
      {back}
      {body}
    </article>
  );
}
