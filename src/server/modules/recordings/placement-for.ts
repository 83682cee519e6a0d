import type { Config } from '../../config.ts';
import { s3Placement } from './s3-placement.ts';
import { databasePlacement, type SealedPartPlacement } from './sealed-part-placement.ts';

/** Issue 41 §3: where recordings' sealed parts lie: the database, or RECORDING_STORE=s3 (decision 189). */
export function placementFor(config: Config): SealedPartPlacement {
  const store = config.recordings.store;
  return store.kind === 's3' ? s3Placement(store) : databasePlacement;
}
