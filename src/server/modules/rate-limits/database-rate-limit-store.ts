import type { Db } from '../../db/database.ts';
import { countHit, deleteStaleHits, readHits } from './rate-limit-repository.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface LimitParams {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit that keeps its counters in the database (issue 14 §4): the app
 * scales out behind a load balancer, and a limit kept in each instance's memory multiplied with
 * the instances. Each limit (a route's, or a named one by its groupId) counts under its own prefix.
 */
export function databaseRateLimitStore(db: Db) {
  let writes = 0;
  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    constructor(params: object = {}) {
      this.prefix = prefixOf(params as LimitParams);
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      if (++writes % 1000 === 0) void deleteStaleHits(db).catch(() => {});
      countHit(db, `${this.prefix}:${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback, timeWindow: number): void {
      readHits(db, `${this.prefix}:${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(params: object): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(params);
    }
  };
}

function prefixOf({ groupId, routeInfo }: LimitParams): string {
  if (groupId) return groupId;
  const method = Array.isArray(routeInfo?.method) ? routeInfo?.method.join(',') : routeInfo?.method;
  return routeInfo?.url ? `${method ?? 'ANY'} ${routeInfo.url}` : 'global';
}
