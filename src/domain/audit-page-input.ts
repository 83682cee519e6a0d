import { z } from 'zod';
import { MAX_AUDIT_PAGE_SIZE } from './audit.ts';

// Issue 29 §5: an audit list is paged and bounded; bad input is a 400 with the reason. Apart from
// audit.ts, which the record screen loads: zod stays out of the record route's scripts (issue 15).
export const auditPageInputSchema = z.object({
  search: z.string().max(200, 'The search may hold at most 200 characters.').nullish(),
  recordId: z.string().max(100, 'recordId is not a record id.').nullish(),
  page: z.number().int('page must be a whole number.').min(1, 'page must be 1 or more.').nullish(),
  pageSize: z
    .number()
    .int('pageSize must be a whole number.')
    .min(1, 'pageSize must be 1 or more.')
    .max(MAX_AUDIT_PAGE_SIZE, `pageSize may be at most ${MAX_AUDIT_PAGE_SIZE}.`)
    .nullish(),
});
export type AuditPageInput = z.infer<typeof auditPageInputSchema>;
