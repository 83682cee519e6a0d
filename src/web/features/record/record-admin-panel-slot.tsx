/**
 * customer-app §2 "Admin-only area" of the record screen (AI model select, Generate New Report,
 * generations, Word download, editing a generation). It belongs to a later issue; until it is
 * built this slot renders nothing, and the record screen already has its place for it.
 */
export function RecordAdminPanelSlot(_props: { recordId: string }) {
  return null;
}
