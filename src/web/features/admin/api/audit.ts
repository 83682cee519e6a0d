import { AdminAuditQuery } from './admin-documents.ts';
import { useAdminPage } from './use-admin-request.ts';

const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One page of the Audit tab (issue 29 §2): the search box takes a person's name (who read, or whose
 * answers they were) or a record's id; the server searches and pages, newest first.
 */
export function useAdminAudit(request: { search: string; page: number }) {
  const search = request.search.trim();
  const page = Number.isInteger(request.page) ? request.page : 1;
  const input = RECORD_ID.test(search) ? { recordId: search, page } : { search, page };
  return useAdminPage(
    'audit',
    input,
    async (client, asked, signal) =>
      (await client.request(AdminAuditQuery, { input: asked }, { signal })).auditPage,
  );
}
