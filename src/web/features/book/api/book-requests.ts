import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { BookFormat, BookPagesRequestInput, BookRequestInput } from '#domain/book-request.ts';
import { ApiRequestError, requestApi } from '#web/lib/api-request.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { BookRecordQuery } from './book-documents.ts';

/** A book as the server tells it (GET /api/books/:id, docs/decisions/192). */
export interface BookStatus {
  id: string;
  format: BookFormat;
  state: 'queued' | 'active' | 'completed' | 'failed';
  progress: number;
  error: string | null;
  bytes: number | null;
  expiresAt: string;
}

export function useBookRecord(recordId: string) {
  const client = useGraphQLClient();
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ['book-record', recordId],
    queryFn: ({ signal }) => client.request(BookRecordQuery, { id: recordId }, { signal }),
    enabled: isAuthenticated,
    // The answers are read for this screen only and not kept once it is left.
    gcTime: 0,
  });
}

type TokenSource = () => Promise<string | null>;

export function startBook(recordId: string, request: BookRequestInput, getIdToken: TokenSource) {
  return requestApi<BookStatus>(`/api/records/${encodeURIComponent(recordId)}/books`, getIdToken, {
    body: request,
  });
}

export function bookStatus(bookId: string, getIdToken: TokenSource, signal?: AbortSignal) {
  return requestApi<BookStatus>(`/api/books/${encodeURIComponent(bookId)}`, getIdToken, {
    method: 'GET',
    ...(signal ? { signal } : {}),
  });
}

/** The made file and its name, fetched with the person's token (never a link that works without it). */
export async function bookFile(
  bookId: string,
  getIdToken: TokenSource,
): Promise<{ blob: Blob; name: string }> {
  const token = await getIdToken();
  if (!token) throw new ApiRequestError(0);
  const response = await fetch(`/api/books/${encodeURIComponent(bookId)}/file`, {
    headers: { authorization: `Bearer ${token}` },
  }).catch(() => {
    throw new ApiRequestError(0);
  });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new ApiRequestError(response.status, payload?.error);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'my-story';
  return { blob: await response.blob(), name };
}

/** How long the preview waits after the last change before asking for the page numbers. */
export const CHAPTER_PAGES_DELAY_MS = 800;
/** The server counts one book per person at a time: a refusal (429) is asked again after this. */
const CHAPTER_PAGES_RETRY_MS = 1000;
const CHAPTER_PAGES_TRIES = 5;

export function chapterPages(
  recordId: string,
  request: BookPagesRequestInput,
  getIdToken: TokenSource,
  signal: AbortSignal,
) {
  return requestApi<{ chapterPages: number[] }>(
    `/api/records/${encodeURIComponent(recordId)}/book-pages`,
    getIdToken,
    { body: request, signal },
  );
}

/**
 * Issue 42 §1 (decision 190): the page each chapter starts on in the PDF, counted by the server
 * for exactly these choices, asked for once they have been still for a moment. Null until the
 * answer for the current choices is here (an answer for earlier choices is never shown), and null
 * when it could not be had: no number rather than a wrong one.
 */
export function useChapterPages(
  recordId: string,
  request: BookPagesRequestInput | null,
  getIdToken: TokenSource,
): readonly number[] | null {
  const key = request ? JSON.stringify(request) : null;
  const [answer, setAnswer] = useState<{ key: string; pages: number[] } | null>(null);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const ask = (tries: number) => {
      chapterPages(recordId, JSON.parse(key) as BookPagesRequestInput, getIdToken, controller.signal).then(
        (value) => {
          if (!controller.signal.aborted) setAnswer({ key, pages: value.chapterPages });
        },
        (error: unknown) => {
          const busy = error instanceof ApiRequestError && error.status === 429;
          if (busy && tries > 1 && !controller.signal.aborted)
            timer = setTimeout(() => ask(tries - 1), CHAPTER_PAGES_RETRY_MS);
        },
      );
    };
    timer = setTimeout(() => ask(CHAPTER_PAGES_TRIES), CHAPTER_PAGES_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [recordId, key, getIdToken]);
  return answer !== null && answer.key === key ? answer.pages : null;
}
