import { RecordAdminReport } from './admin-report/record-admin-report.tsx';

/**
 * customer-app §2 "Admin-only area" of the record screen (AI model select, Generate New Report,
 * generations, Word download, editing a generation): admin-report/, which renders for admins only.
 */
export function RecordAdminPanelSlot({ recordId }: { recordId: string }) {
  return <RecordAdminReport recordId={recordId} />;
}
