import type { RecordFacts, RecordFieldVisibility } from '#domain/permissions.ts';
import type { Answers } from '#domain/record-answers.ts';
/**
 * A record as one viewer may see it (customer-app §3 reports). `visible` is the policy's field-level
 * decision for that viewer, made when the record was read; the field resolvers only obey it. Owner,
 * organization and inventory type are looked up by id when selected.
 */
export interface RecordModel extends RecordFacts {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  inventoryTypeId: string;
  /** The published form version the record is answered against (issue 12). */
  formVersion: number;
  data: Answers;
  report: string | null;
  visible: RecordFieldVisibility;
}

export interface ReportGenerationModel {
  id: string;
  recordId: string;
  dateGenerated: Date;
  response: string;
  model: string | null;
}

/** What a save answers (customer-app §7 call 7: id, data, updated_at; plus version, DESIGN §7). */
export interface RecordSaveModel {
  id: string;
  /** Read back only when the caller selects it. */
  data?: Answers;
  updatedAt: Date;
  version: number;
  /** The form the record is answered against after the save (issue 26 §3). */
  inventoryTypeId: string;
  formVersion: number;
  conflictingKeys: string[];
}
