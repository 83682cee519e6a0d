import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendResult } from '../../kernel/http-result.ts';
import { ID_PARAM, objectBodyRouteWithId } from '../../kernel/route-schemas.ts';
import { serviceDeps } from '../../kernel/service-deps.ts';
import { html } from '../server-pages/html.ts';
import { createReminderRunner, type ReminderOptions, type ReminderRunner } from './reminder-runner.ts';
import {
  listMailFailures,
  listOwnReminders,
  organizationRecordActivity,
  readReminder,
  setOrganizationSuggestion,
  setReminder,
  snoozeReminder,
  unsubscribe,
} from './reminder-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 43: schedules reminders on the job queue (tests reach its clock). */
    reminderRunner: ReminderRunner;
  }
}

const TOKEN_QUERY = {
  querystring: {
    type: 'object',
    properties: { token: { type: 'string', minLength: 1, maxLength: 300 } },
    required: ['token'],
  },
} as const;

/**
 * Issue 43 (docs/decisions/195):
 * GET /api/reminders (the viewer's own records), GET/PUT /api/records/:id/reminders (the owner's setting), POST /api/records/:id/reminders/snooze;
 * GET/POST /api/reminders/unsubscribe?token= (RFC 8058: the POST turns them off, the GET shows a
 * button, so that a link scanner fetching the URL changes nothing);
 * GET /api/organizations/:id/record-activity, PUT /api/organizations/:id/reminder-suggestion;
 * GET /api/admin/mail-failures (the admin Mail view).
 */
async function reminderRoutesPlugin(app: FastifyInstance, options: Partial<ReminderOptions>): Promise<void> {
  const deps = serviceDeps(app);
  const runner = createReminderRunner(deps, {
    jobs: app.jobs,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    log: app.log,
    options: {
      now: options.now ?? (() => new Date()),
      retryDelaySeconds: options.retryDelaySeconds ?? 60,
      retryLimit: options.retryLimit ?? 4,
    },
  });
  app.decorate('reminderRunner', runner);
  const asked = async (request: Parameters<typeof app.viewers.forRequest>[0]) => {
    const viewer = await app.viewers.forRequest(request);
    return viewer && { viewer, requestId: request.id };
  };

  app.get('/api/reminders', async (request, reply) =>
    sendResult(reply, await listOwnReminders(deps, await app.viewers.forRequest(request))),
  );
  app.get<{ Params: { id: string } }>(
    '/api/records/:id/reminders',
    { schema: ID_PARAM },
    async (request, reply) =>
      sendResult(reply, await readReminder(deps, await app.viewers.forRequest(request), request.params.id)),
  );
  app.put<{ Params: { id: string } }>(
    '/api/records/:id/reminders',
    objectBodyRouteWithId('id'),
    async (request, reply) =>
      sendResult(
        reply,
        await setReminder(deps, runner, await asked(request), request.params.id, request.body),
      ),
  );
  app.post<{ Params: { id: string } }>(
    '/api/records/:id/reminders/snooze',
    objectBodyRouteWithId('id'),
    async (request, reply) =>
      sendResult(reply, await snoozeReminder(deps, runner, await asked(request), request.params.id)),
  );

  // RFC 8058 §3.1: the mail client POSTs `List-Unsubscribe=One-Click` as a form; the token is in the URL.
  app.register(async (oneClick) => {
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    oneClick.post<{ Querystring: { token: string } }>(
      '/api/reminders/unsubscribe',
      { schema: TOKEN_QUERY },
      async (request, reply) => {
        const result = await unsubscribe(deps, runner, request.query.token, request.id);
        if (!request.headers.accept?.includes('text/html')) return sendResult(reply, result);
        return reply
          .type('text/html; charset=utf-8')
          .code(result.ok ? 200 : 400)
          .send(
            String(
              page(
                result.ok
                  ? 'Your reminders are off. You will get no more reminder mails for this record.'
                  : result.failure.message,
              ),
            ),
          );
      },
    );
  });
  app.get<{ Querystring: { token: string } }>(
    '/api/reminders/unsubscribe',
    { schema: TOKEN_QUERY },
    async (request, reply) =>
      reply.type('text/html; charset=utf-8').send(
        String(
          page(
            'Stop the reminder mails for this record?',
            html`<form method="post" action="/api/reminders/unsubscribe?token=${encodeURIComponent(request.query.token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Turn off reminders</button></form>`,
          ),
        ),
      ),
  );

  app.get<{ Params: { id: string } }>(
    '/api/organizations/:id/record-activity',
    { schema: ID_PARAM },
    async (request, reply) =>
      sendResult(
        reply,
        await organizationRecordActivity(deps, await app.viewers.forRequest(request), request.params.id),
      ),
  );
  app.put<{ Params: { id: string } }>(
    '/api/organizations/:id/reminder-suggestion',
    objectBodyRouteWithId('id'),
    async (request, reply) =>
      sendResult(
        reply,
        await setOrganizationSuggestion(
          deps,
          await app.viewers.forRequest(request),
          request.params.id,
          request.body,
        ),
      ),
  );
  app.get('/api/admin/mail-failures', async (request, reply) =>
    sendResult(reply, await listMailFailures(deps, await app.viewers.forRequest(request))),
  );
}

function page(message: string, extra: ReturnType<typeof html> | string = '') {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reminders</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem"><h1>Reminders</h1><p>${message}</p>${extra}</body></html>`;
}

/** A named plugin, so the app (and its tests) can reach `reminderRunner`. */
export const reminderRoutes = fp(reminderRoutesPlugin, { name: 'reminder-routes' });
