/**
 * Issue 38 §4: a record whose answers cannot be opened (its key destroyed by an erasure, or its
 * stored value altered) stays in its list, marked, with the server's reason one hover or focus away.
 */
export function UnreadableRecordNote({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <span className="record-unreadable" title={reason}>
      Answers cannot be opened
      <span className="visually-hidden">: {reason}</span>
    </span>
  );
}
