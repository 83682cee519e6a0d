import type { ServerRecordState } from '../autosave/sync-types.ts';

/** The record's data as an object: the API always sends one (schema.graphql), but never trust shape. */
export function recordDataObject(data: unknown): Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : {};
}

/** What a query, the subscription or a save answered, as the sync engine reads it. */
export function toServerState(record: {
  data: unknown;
  version: number;
  updatedAt: string;
  submitted: boolean;
  inventoryTypeId?: string;
  formVersion?: number;
}): ServerRecordState {
  return {
    data: recordDataObject(record.data),
    version: record.version,
    updatedAt: record.updatedAt,
    submitted: record.submitted,
    ...(record.inventoryTypeId !== undefined && record.formVersion !== undefined
      ? { formKey: formKeyOf({ inventoryTypeId: record.inventoryTypeId, formVersion: record.formVersion }) }
      : {}),
  };
}

/** Which form a record is answered with: its type and version (issue 12). */
export function formKeyOf(record: { inventoryTypeId: string; formVersion: number }): string {
  return `${record.inventoryTypeId}/${record.formVersion}`;
}
