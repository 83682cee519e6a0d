// Record-screen unit tests talk to the network only through `fetch` and WebSocket; this answers the
// record's GraphQL operations at that boundary with one in-memory record merged as DESIGN §7 says.
import type { FormTemplate } from '#domain/form-template.ts';
import { recordFormAnswer } from '#domain/record-form.ts';
import { jsonResponse } from '#web/test-support/fake-identity-provider.ts';

export interface FakeRecordOptions {
  form: FormTemplate;
  data?: Record<string, unknown>;
  ownerSub?: string;
  submitted?: boolean;
  organizationName?: string | null;
  /** Answers every save with this GraphQL error instead (a refusal). */
  refuseSaves?: { message: string; code: string };
}

export function fakeRecordApi(options: FakeRecordOptions) {
  let data: Record<string, unknown> = { ...(options.data ?? {}) };
  let version = 1;
  let submitted = options.submitted ?? false;
  const saves: { baseVersion: number | null; answers: Record<string, unknown> }[] = [];
  const submits: { baseVersion: number | null; answers: Record<string, unknown> }[] = [];
  const stamp = () => new Date(Date.UTC(2026, 0, 2, 10, version)).toISOString();
  const record = () => ({
    id: 'r1',
    createdAt: '2026-01-01T09:00:00.000Z',
    updatedAt: stamp(),
    version,
    submitted,
    data,
    user: { id: 'u1', federatedId: options.ownerSub ?? 'subject-1', name: 'Ada Lovelace' },
    organization: options.organizationName ? { id: 'o1', name: options.organizationName } : null,
    inventoryType: { id: 't1', name: 'Life Inventory' },
    inventoryTypeId: 't1',
    formVersion: 1,
    formChanges: [],
    // As the server answers it: the record's own steps or the type's form, checked (decision 060).
    form: recordFormAnswer(options.form, data),
  });
  const graphql = ({ query, variables }: { query: string; variables: unknown }) => {
    const input = (variables as { input?: { baseVersion: number | null; answers: Record<string, unknown> } })
      .input;
    if (query.includes('mutation SaveRecordAnswers') && input) {
      saves.push(input);
      if (options.refuseSaves) {
        const { message, code } = options.refuseSaves;
        return jsonResponse({ data: null, errors: [{ message, extensions: { code } }] });
      }
      data = { ...data, ...input.answers };
      version += 1;
      const { id, updatedAt } = record();
      return jsonResponse({
        data: {
          saveRecordAnswers: {
            id,
            data,
            updatedAt,
            version,
            conflictingKeys: [],
            inventoryTypeId: 't1',
            formVersion: 1,
          },
        },
      });
    }
    if (query.includes('mutation SubmitRecord') && input) {
      submits.push(input);
      data = { ...data, ...input.answers };
      version += 1;
      submitted = true;
      const { id, updatedAt } = record();
      return jsonResponse({ data: { submitRecord: { id, data, updatedAt, submitted, version } } });
    }
    if (query.includes('query RecordScreen')) return jsonResponse({ data: { record: record() } });
    if (query.includes('query RecordPoll')) {
      // Issue 31 §6.2: the record only when changed since the version the screen names.
      const known = (variables as { knownVersion?: number }).knownVersion ?? -1;
      return jsonResponse({ data: { recordSince: { version, record: version > known ? record() : null } } });
    }
    return jsonResponse({ data: null, errors: [{ message: `Unexpected operation: ${query.slice(0, 40)}` }] });
  };
  return { graphql, saves, submits, data: () => data };
}

/** A WebSocket that never connects: live updates then come from polling alone. */
export class SilentWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly readyState = 0;
  readonly protocol = 'graphql-transport-ws';
  onopen = null;
  onclose = null;
  onmessage = null;
  onerror = null;
  send() {}
  close() {}
}
