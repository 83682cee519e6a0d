import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendResult } from '../../kernel/http-result.ts';
import { mapResult } from '../../kernel/result.ts';
import { OBJECT_BODY_ROUTE } from '../../kernel/route-schemas.ts';
import { serviceDeps } from '../../kernel/service-deps.ts';
import { databaseRateLimitStore } from '../rate-limits/database-rate-limit-store.ts';
import { generateNarrative, generateReport, type ReportDeps } from './report-service.ts';

/**
 * Per person, per server (decision 083): a model call costs money and takes seconds, so a stuck
 * button or a script cannot run up a bill. Generous for real use: an admin comparing models
 * generates a handful of reports, a person runs the wizard once.
 */
export const REPORT_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;
export const NARRATIVE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

/**
 * POST /api/reports and POST /api/narrative (DESIGN §5): the AI calls of the spec, made by the
 * server. Answers `{ report, generation }` / `{ narrative }`, or `{ error }` with the status.
 */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator('rateLimit'))
    await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.database.db) });
  const deps: ReportDeps = { ...serviceDeps(app), writer: app.reportWriter };

  // The limit counts per signed-in person; a request without a usable token counts per address
  // (and is refused with 401 by the handler anyway).
  const perPerson = async (request: FastifyRequest) => {
    try {
      const viewer = await app.viewers.forRequest(request);
      return viewer ? `user:${viewer.userId}` : `ip:${request.ip}`;
    } catch {
      return `ip:${request.ip}`;
    }
  };
  const limit = (settings: { max: number; timeWindow: string }, what: string) => ({
    ...settings,
    keyGenerator: perPerson,
    errorResponseBuilder: (_request: FastifyRequest, context: { statusCode: number; after: string }) =>
      Object.assign(new Error(`Too many ${what} were requested. Please try again in ${context.after}.`), {
        statusCode: context.statusCode,
      }),
  });

  app.post(
    '/api/reports',
    { ...OBJECT_BODY_ROUTE, config: { rateLimit: limit(REPORT_LIMIT, 'reports') } },
    async (request, reply) => {
      const viewer = await app.viewers.forRequest(request);
      const result = await generateReport(deps, viewer, request.body);
      return sendResult(
        reply,
        mapResult(result, (value) => ({
          report: value.report,
          generation: { ...value.generation, dateGenerated: value.generation.dateGenerated.toISOString() },
        })),
      );
    },
  );

  app.post(
    '/api/narrative',
    { ...OBJECT_BODY_ROUTE, config: { rateLimit: limit(NARRATIVE_LIMIT, 'narratives') } },
    async (request, reply) => {
      const viewer = await app.viewers.forRequest(request);
      return sendResult(reply, await generateNarrative(deps, viewer, request.body));
    },
  );
}
