import { lazy, Suspense } from 'react';

// Issue 29: loaded after the form (issue 15 §3: the record route's script budget stays the form's).
const RecordTrust = lazy(async () => ({ default: (await import('./trust/record-trust.tsx')).RecordTrust }));

/** Issue 29 §2–§3: the owner's AI question and who has seen the record, under the heading. */
export function RecordTrustSlot({
  recordId,
  organizationName,
  isOwner,
}: {
  recordId: string;
  organizationName: string | null | undefined;
  isOwner: boolean;
}) {
  if (!isOwner) return null;
  return (
    <Suspense fallback={null}>
      <RecordTrust recordId={recordId} organizationName={organizationName ?? null} />
    </Suspense>
  );
}
