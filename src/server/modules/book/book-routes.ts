import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendResult } from '../../kernel/http-result.ts';
import { ID_PARAM, objectBodyRouteWithId } from '../../kernel/route-schemas.ts';
import { serviceDeps } from '../../kernel/service-deps.ts';
import { createChapterPageCounter } from './book-pages.ts';
import { type BookRunner, createBookRunner } from './book-runner.ts';
import { bookFile, bookStatus, requestBook } from './book-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 42 §5: sends asked-for books to the job queue, and waits for them (tests). */
    bookRunner: BookRunner;
  }
}

/**
 * Issue 42 (docs/decisions/192): the person's own book.
 * POST /api/records/:id/books { format, title, subtitle, sections, showQuestions, includeDeclined,
 * pageSize, locale } → 202 the book's status; GET /api/books/:id → its status (progress 0–1);
 * GET /api/books/:id/file → the file as an attachment. POST /api/records/:id/book-pages { the same
 * choices but the format } → { chapterPages }: the PDF's contents page numbers for the preview
 * (decision 190), counted and not kept. Every answer is `no-store`.
 */
async function bookRoutesPlugin(app: FastifyInstance): Promise<void> {
  const deps = serviceDeps(app);
  const runner = createBookRunner(deps, app.jobs);
  app.decorate('bookRunner', runner);

  app.post<{ Params: { id: string } }>(
    '/api/records/:id/books',
    objectBodyRouteWithId('id'),
    async (request, reply) => {
      const viewer = await app.viewers.forRequest(request);
      const result = await requestBook(
        deps,
        viewer && { viewer, requestId: request.id },
        request.params.id,
        request.body,
        (bookId, personId) => runner.enqueue(bookId, personId),
      );
      return sendResult(reply, result, 202);
    },
  );

  const pageCounter = createChapterPageCounter();
  app.post<{ Params: { id: string } }>(
    '/api/records/:id/book-pages',
    objectBodyRouteWithId('id'),
    async (request, reply) => {
      const viewer = await app.viewers.forRequest(request);
      return sendResult(reply, await pageCounter.count(deps, viewer, request.params.id, request.body));
    },
  );

  app.get<{ Params: { id: string } }>('/api/books/:id', { schema: ID_PARAM }, async (request, reply) => {
    const viewer = await app.viewers.forRequest(request);
    return sendResult(reply, await bookStatus(deps, viewer, request.params.id));
  });

  app.get<{ Params: { id: string } }>('/api/books/:id/file', { schema: ID_PARAM }, async (request, reply) => {
    const viewer = await app.viewers.forRequest(request);
    const result = await bookFile(deps, viewer, request.params.id);
    if (!result.ok) return sendResult(reply, result);
    const { bytes, fileName, mediaType } = result.value;
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', mediaType)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(bytes);
  });
}

/** A named plugin, so the app (and its tests) can reach `bookRunner`. */
export const bookRoutes = fp(bookRoutesPlugin, { name: 'book-routes' });
