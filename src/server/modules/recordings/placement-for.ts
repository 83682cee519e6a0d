import type { Config } from '../../config.ts';
import { databasePlacement, type SealedPartPlacement } from './sealed-part-placement.ts';

/**
 * Issue 41 §3: where recordings' sealed parts lie. The database for now (decision 186); the
 * placement interface is where an S3-compatible store would plug in (not built yet: no
 * S3-compatible server could be tested here within this issue's time).
 */
export function placementFor(_config: Config): SealedPartPlacement {
  return databasePlacement;
}
