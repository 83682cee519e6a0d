import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../kernel/service-deps.ts';
import type { Viewer } from '../modules/identity/viewer.ts';
import type { SharedRecordReads } from '../modules/records/shared-record-reads.ts';
import type { FairShare } from './fair-share.ts';
import type { LiveLedger } from './live-ledger.ts';
import type { Loaders } from './loaders.ts';
import type { ResponseBudget } from './response-budget.ts';

/** What every resolver receives: the server and the viewer (null for an anonymous caller). */
export interface GraphQLContext {
  app: FastifyInstance;
  viewer: Viewer | null;
  request?: FastifyRequest;
  /** What the services work with. */
  deps: ServiceDeps;
  /** Batching lookups of one operation (no N+1). */
  loaders: Loaders;
  /** Bytes of large JSON values this request may still return (issue 14 §1). */
  responseBudget?: ResponseBudget;
  /** What each person's live subscriptions may push on one save (issue 25 §3). */
  liveUpdates?: LiveLedger;
  /** On a WebSocket: each account's share of live bytes per second (issue 39 §4). */
  fairShare?: FairShare;
  /** On a WebSocket: a changed record read once for all its subscribers here (issue 31 §6). */
  sharedReads?: SharedRecordReads;
  /** On a WebSocket: the token the connection was admitted with, to look the viewer up again. */
  token?: string;
}
