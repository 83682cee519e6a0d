import type { Config } from '../../config.ts';
import { databasePlacement, type SealedPartPlacement } from './sealed-part-placement.ts';

/** Issue 41 §3: the configured place of recordings' sealed parts (RECORDING_STORE). */
export function placementFor(config: Config): SealedPartPlacement {
  return config.recordings.s3 ? databasePlacement : databasePlacement;
}
