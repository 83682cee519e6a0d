import { useQuery } from '@tanstack/react-query';
import type { BookFormat, BookRequestInput } from '#domain/book-request.ts';
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
