import { lazy, Suspense } from 'react';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';

// Loaded for admins only: the people filling in a record never download the report area's code
// (issue 15 §3: the record route's script budget).
const RecordAdminReport = lazy(async () => {
  const [report, queries] = await Promise.all([
    import('./admin-report/record-admin-report.tsx'),
    import('#web/app/with-queries.tsx'),
  ]);
  return { default: queries.withQueries(report.RecordAdminReport) };
});

/**
 * customer-app §2 "Admin-only area" of the record screen (AI model select, Generate New Report,
 * generations, Word download, editing a generation): admin-report/, which renders for admins only.
 */
export function RecordAdminPanelSlot({ recordId }: { recordId: string }) {
  const { isAdmin } = useAuth();
  if (!isAdmin) return null;
  return (
    <Suspense fallback={null}>
      <RecordAdminReport recordId={recordId} />
    </Suspense>
  );
}
