import type { Db } from '../../db/database.ts';
import * as hits from './rate-limit-repository.ts';

/** Counts one hit of `key` in its window (shared by every instance: the database holds it). */
export function countHit(db: Db, key: string, windowMs: number) {
  return hits.countHit(db, key, windowMs);
}

/** The hits of `key` in its window, without counting one. */
export function readHits(db: Db, key: string, windowMs: number) {
  return hits.readHits(db, key, windowMs);
}

/** Forgets the hits of these keys (a sign-in that succeeded). */
export function clearHits(db: Db, keys: string[]) {
  return hits.clearHits(db, keys);
}
