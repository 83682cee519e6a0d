import { AdminPurchasesQuery, AdminSupportMessagesQuery } from './admin-documents.ts';
import { useAdminQuery } from './use-admin-request.ts';

export const useAdminPurchases = () => useAdminQuery('purchases', AdminPurchasesQuery);
export const useAdminSupportMessages = () => useAdminQuery('support-messages', AdminSupportMessagesQuery);
