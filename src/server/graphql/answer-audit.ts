import { type RecordReader, recordReader } from '../modules/records/open-records.ts';
import type { GraphQLContext } from './graphql-context.ts';

/**
 * Issue 29 §1, issue 40 §2: the reader every answer field of one operation opens through (records'
 * door, open-records.ts), so one operation's reads (a list, a page, a subscription's event) are
 * entered in one statement; if it fails, the fields fail and the answers are not returned.
 */
const readers = new WeakMap<GraphQLContext, RecordReader>();

export function readerOf(context: GraphQLContext): RecordReader {
  let reader = readers.get(context);
  if (!reader) {
    const viewer = context.viewer;
    if (!viewer) throw new Error('answers reached a field without a signed-in viewer');
    reader = recordReader(context.deps, { viewer, requestId: context.request?.id ?? null });
    readers.set(context, reader);
  }
  return reader;
}
