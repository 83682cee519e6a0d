import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { NoSchemaIntrospectionCustomRule, specifiedRules, validate } from 'graphql';
import mercurius from 'mercurius';
import { retryAfterSeconds } from '#domain/fair-share.ts';
import { createFairShare, type FairShare, RATE_LIMITED_CODE, waitFor } from '../graphql/fair-share.ts';
import type { GraphQLContext } from '../graphql/graphql-context.ts';
import { formatErrors } from '../graphql/graphql-errors.ts';
import {
  batchCost,
  formatErrorsWithoutSuggestions,
  getOperationProblem,
  INVALID,
  parseJsonParameter,
  payloadBytes,
  refuse,
} from '../graphql/http-request-checks.ts';
import { inputLiteralRule } from '../graphql/input-literal-rule.ts';
import { createLiveLedger } from '../graphql/live-ledger.ts';
import { createLoaders } from '../graphql/loaders.ts';
import { checkOperation, MAX_TOKENS } from '../graphql/operation-check.ts';
import { createPersonLimiter, TOO_MANY_WAITING_MESSAGE } from '../graphql/person-limiter.ts';
import { armorRules, MAX_COST, queryLimitRules } from '../graphql/query-limits.ts';
import { graphqlRequestProblem } from '../graphql/request-shape.ts';
import { mercuriusResolvers } from '../graphql/resolvers.ts';
import { createResponseBudget, MAX_LOADED_ANSWER_BYTES } from '../graphql/response-budget.ts';
import { createSocketDrains, drainSockets } from '../graphql/socket-drains.ts';
import { gateSocket, socketRegistry } from '../graphql/socket-gate.ts';
import { createPersonSockets, governSocketOperations } from '../graphql/socket-operations.ts';
import { AuthenticationError } from '../kernel/authentication.ts';
import { serviceDeps } from '../kernel/service-deps.ts';
import { createSharedRecordReads } from '../modules/records/shared-record-reads.ts';

const schemaPath = fileURLToPath(new URL('../../../schema.graphql', import.meta.url));
export const GRAPHQL_PATH = '/graphql';
/** A batch is an array of operations in one POST; each runs with the limits of one operation. */
export const MAX_BATCH_OPERATIONS = 10;
const MAX_SOCKET_MESSAGE_BYTES = 1024 * 1024;
/** How long a closing server waits for its sockets' operations in flight (a save takes far less). */
const SOCKET_DRAIN_MS = 7_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** Frees this request's place among its person's operations in flight (person-limiter.ts). */
    releaseOperationSlot?: () => void;
  }
}

/**
 * The data API (DESIGN §5): GraphQL over HTTP POST/GET and WebSocket (graphql-transport-ws, with
 * queries and mutations too: STACK-NOTES trap 5). Encapsulated, so Mercurius' error handler
 * answers only for /graphql. Hardening (docs/decisions/015-graphql-hardening.md): depth and cost
 * limits, a cap on batches, a token limit on documents, no introspection in production, errors
 * without internals, WebSocket origins checked and connections admitted only with a valid token.
 */
export async function graphqlPlugin(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const deps = serviceDeps(app);
  const rules = [
    ...queryLimitRules(),
    ...armorRules(),
    inputLiteralRule,
    ...(config.isProduction ? [NoSchemaIntrospectionCustomRule] : []),
  ];

  // Before @fastify/websocket sees the route: Mercurius' socket handler gets the gate in front.
  const authenticate = (token: string) => app.viewers.forToken(token);
  // Issue 14 §3: a logout or password reset closes that person's open sockets, on every instance.
  const sockets = socketRegistry(authenticate);
  // Issue 25 §3–§4: one line of operations per person over HTTP and every socket of theirs.
  const limiter = createPersonLimiter();
  const people = createPersonSockets();
  const liveUpdates = createLiveLedger();
  // Issue 39 §4: each account's operations, bytes sent and live bytes per second.
  const fairShare = createFairShare(config.fairShare);
  const sharedReads = createSharedRecordReads(
    app.database,
    app.recordChanges,
    { maxBytes: MAX_LOADED_ANSWER_BYTES },
    app.log,
  );
  // Issue 31 §6.3: the subscriptions end and their reads finish before the database goes (main.ts
  // closes it on close; the pool refused the reads still in flight).
  app.addHook('preClose', async () => sharedReads.close());
  // Issue 39 §7: then (the live updates in flight given: their field resolvers still read) the
  // sockets answer the queries and mutations they started and close with
  // 1012 (their clients send the rest again to the next server); main.ts exits after 10 s at most.
  const drains = createSocketDrains();
  app.addHook('preClose', async () => drainSockets(drains, SOCKET_DRAIN_MS));
  app.viewers.onUserChanged((userId) => sockets.recheck(userId));
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url === GRAPHQL_PATH && route.wsHandler) {
      route.wsHandler = gateSocket(
        route.wsHandler as Parameters<typeof gateSocket>[0],
        authenticate,
        sockets.admitted,
        (socket, viewer) =>
          governSocketOperations(socket, {
            person: viewer.userId,
            limiter,
            people,
            fairShare,
            drains,
            nearMemoryLimit: () => app.memoryGuard.nearLimit(),
            check: (query, operationName) =>
              checkOperation(app.graphql.schema, rules, query, operationName, config.isProduction),
          }),
      ) as RouteOptions['wsHandler'];
    }
  });
  const allowedOrigins = new Set([
    new URL(config.publicUrl).origin,
    ...(!config.isProduction && config.devClientOrigin ? [config.devClientOrigin] : []),
  ]);
  await app.register(websocket, {
    options: {
      maxPayload: MAX_SOCKET_MESSAGE_BYTES,
      // Browsers always send Origin: a page of another site is refused before the upgrade.
      // Programs send none and are let through: the bearer token is their only credential.
      verifyClient: (info, next) => {
        if (!info.origin || allowedOrigins.has(info.origin)) return next(true);
        return next(false, 403, 'WebSocket origin not allowed');
      },
    },
  });

  // Issue 14 §2: GraphQL travels as JSON; Mercurius would also take a bare document, unchecked.
  app.addHook('onRequest', async (request, reply) => {
    const type = request.headers['content-type'] ?? '';
    if (request.method === 'POST' && type.toLowerCase().startsWith('application/graphql')) {
      return refuse(reply, 415, 'BAD_REQUEST', 'Send GraphQL requests as JSON: {"query": "…"}.');
    }
  });
  app.addHook('preValidation', async (request, reply) => {
    if (request.method === 'GET') {
      if (request.ws) return;
      const { query, operationName, variables } = (request.query ?? {}) as Record<string, unknown>;
      if (query !== undefined && typeof query !== 'string')
        return refuse(reply, 400, 'BAD_REQUEST', 'Give one "query" parameter.');
      const parsedVariables = parseJsonParameter(variables);
      if (parsedVariables === INVALID)
        return refuse(reply, 400, 'BAD_REQUEST', 'The "variables" parameter must be a JSON object.');
      // Issue 25 §6: the one check of the query text, as for POST and the WebSocket.
      const problem =
        query === undefined
          ? null
          : (graphqlRequestProblem({ query, operationName, variables: parsedVariables }) ??
            getOperationProblem(query, operationName));
      if (problem) return refuse(reply, 400, 'BAD_REQUEST', problem);
      return;
    }
    const operations = Array.isArray(request.body) ? request.body : [request.body];
    if (operations.length === 0) return refuse(reply, 400, 'BAD_REQUEST', 'The batch holds no operations.');
    if (operations.length > MAX_BATCH_OPERATIONS)
      return refuse(
        reply,
        400,
        'BAD_REQUEST',
        `Too many operations in one request (${operations.length}; at most ${MAX_BATCH_OPERATIONS}).`,
      );
    for (const operation of operations) {
      const problem = graphqlRequestProblem(operation);
      if (problem) return refuse(reply, 400, 'BAD_REQUEST', problem);
    }
    if (operations.length > 1) {
      const cost = batchCost(app.graphql.schema, operations as { query: string }[]);
      if (cost > MAX_COST)
        return refuse(
          reply,
          400,
          'QUERY_TOO_COSTLY',
          `The batch is too costly: its operations cost ${cost} together (at most ${MAX_COST}). Send fewer or smaller operations.`,
        );
    }
  });
  // An Authorization header that does not hold a valid token ends the request with 401; none at
  // all makes the caller anonymous, and the policy then answers each operation.
  app.addHook('preHandler', async (request, reply) => {
    if (request.ws) return;
    try {
      await app.viewers.forRequest(request);
    } catch (error) {
      if (error instanceof AuthenticationError) return refuse(reply, 401, 'UNAUTHENTICATED', error.message);
      throw error;
    }
    // Issue 39 §4: a signed-in account over its budget waits briefly, or is refused with Retry-After.
    const overBudget = request.viewer && (await fairShareRefusal(fairShare, request.viewer.userId, request));
    if (overBudget) {
      reply.header('retry-after', String(overBudget.retryAfterSeconds));
      return refuse(reply, 429, RATE_LIMITED_CODE, overBudget.message, {
        retryAfterSeconds: overBudget.retryAfterSeconds,
      });
    }
    // Issue 25 §4: the request waits behind its own person's work only; anonymous callers by address.
    const release = await limiter.acquire(request.viewer?.userId ?? `address:${request.ip}`);
    if (!release) return refuse(reply, 429, 'TOO_MANY_REQUESTS', TOO_MANY_WAITING_MESSAGE);
    request.releaseOperationSlot = release;
    // Gone while it waited: it runs no more (an aborted request still runs until it answers, and
    // keeps its slot until then, so aborting is no way around the line).
    if (request.raw.socket?.destroyed || reply.raw.destroyed)
      return refuse(reply, 400, 'BAD_REQUEST', 'The request was cancelled.');
  });
  // The answer is built once onSend runs: the work is done, whether or not the caller still listens.
  app.addHook('onSend', async (request, _reply, payload) => {
    request.releaseOperationSlot?.();
    // Issue 39 §4: the answer counts against the bytes its account is sent a second.
    if (request.viewer && !request.ws) fairShare.paceLive(request.viewer.userId, payloadBytes(payload));
  });
  app.addHook('onResponse', async (request) => request.releaseOperationSlot?.());

  await app.register(mercurius, {
    schema: fs.readFileSync(schemaPath, 'utf8'),
    resolvers: mercuriusResolvers,
    path: GRAPHQL_PATH,
    jit: 1,
    // GraphiQL loads its scripts from a CDN, which the CSP (script-src 'self') rightly forbids.
    graphiql: false,
    allowBatchedQueries: true,
    validationRules: rules,
    graphql: { parseOptions: { maxTokens: MAX_TOKENS } },
    errorFormatter: (config.isProduction ? formatErrorsWithoutSuggestions : formatErrors) as never,
    context: (request: FastifyRequest): Omit<GraphQLContext, 'app'> => ({
      viewer: request.viewer ?? null,
      request,
      deps,
      loaders: createLoaders(deps),
      responseBudget: createResponseBudget(),
    }),
    subscription: {
      fullWsTransport: true,
      keepAlive: 30_000,
      context: (_socket, request): Omit<GraphQLContext, 'app'> => ({
        viewer: request.viewer ?? null,
        request,
        token: request.socketToken,
        deps,
        loaders: createLoaders(deps),
        liveUpdates,
        sharedReads,
        fairShare,
      }),
    },
  });

  // Over a WebSocket, every operation looks the viewer up again by the connection's token (the
  // cache makes that cheap), so a role change applies to a connection that is already open.
  app.graphql.addHook('preExecution', async (_schema, _document, context) => {
    const graphqlContext = context as unknown as GraphQLContext;
    // Issue 25: each WebSocket operation gets its own budget (an HTTP request's batch shares one).
    if (graphqlContext.token !== undefined) graphqlContext.responseBudget = createResponseBudget();
    await refreshViewer(app, graphqlContext);
  });
  // Mercurius runs subscriptions without GraphQL validation: give them the same rules as the rest.
  app.graphql.addHook('preSubscriptionExecution', async (schema, document, context) => {
    const errors = validate(schema, document, [...specifiedRules, ...rules]);
    if (errors.length > 0) {
      throw new mercurius.ErrorWithProps(errors[0]?.message ?? 'Invalid subscription.', {
        code: 'GRAPHQL_VALIDATION_FAILED',
      });
    }
    await refreshViewer(app, context as unknown as GraphQLContext);
  });
}

/** Takes the request from its account's budgets (waiting if it must); the refusal when over them. */
async function fairShareRefusal(
  fairShare: FairShare,
  account: string,
  request: FastifyRequest,
): Promise<{ message: string; retryAfterSeconds: number } | null> {
  const length = Number(request.headers['content-length'] ?? 0);
  const bytes = request.method === 'GET' ? request.url.length : Number.isFinite(length) ? length : 0;
  const verdict = fairShare.take(account, bytes);
  if (!verdict.ok)
    return { message: verdict.message, retryAfterSeconds: retryAfterSeconds(verdict.retryAfterMs) };
  await waitFor(verdict.waitMs);
  return null;
}

async function refreshViewer(app: FastifyInstance, context: GraphQLContext): Promise<void> {
  if (!context.token) return;
  try {
    context.viewer = await app.viewers.forToken(context.token);
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error;
    context.viewer = null;
  }
}
