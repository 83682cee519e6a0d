import { type Actor, decide } from '#domain/permissions.ts';
import { ADMINS_ONLY_MESSAGE, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import * as activity from './admin-activity-repository.ts';

/** The console shows the latest of each; a request never reads more than this. */
export const MAX_ACTIVITY_ROWS = 200;
const adminsOnly = { forbidden: ADMINS_ONLY_MESSAGE };

function rowsWanted(limit: number | null | undefined): number {
  return Math.min(
    Math.max(Math.trunc(limit ?? MAX_ACTIVITY_ROWS) || MAX_ACTIVITY_ROWS, 1),
    MAX_ACTIVITY_ROWS,
  );
}

export interface PurchaseModel {
  id: string;
  createdAt: Date;
  provider: string;
  providerRef: string;
  organization: { id: string; name: string } | null;
  productName: string | null;
  credits: number;
  amount: string | null;
}

/** Issue 10: who bought how many records, newest first (admins only). */
export async function listPurchases(
  deps: ServiceDeps,
  actor: Actor | null,
  limit?: number | null,
): Promise<Result<PurchaseModel[]>> {
  const refused = refusal(decide(actor, 'purchases.list'), adminsOnly);
  if (refused) return refused;
  const rows = await activity.latestPurchases(deps.database, rowsWanted(limit));
  return ok(
    rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      provider: row.provider,
      providerRef: row.provider_ref,
      organization: row.organization_name ? { id: row.organization_id, name: row.organization_name } : null,
      productName: row.product_name,
      credits: row.credits,
      amount: row.amount,
    })),
  );
}

export interface SupportMessageModel {
  id: string;
  createdAt: Date;
  name: string;
  email: string;
  message: string;
}

/** Issue 10: what visitors wrote through the contact form, newest first (admins only). */
export async function listSupportMessages(
  deps: ServiceDeps,
  actor: Actor | null,
  limit?: number | null,
): Promise<Result<SupportMessageModel[]>> {
  const refused = refusal(decide(actor, 'supportMessages.list'), adminsOnly);
  if (refused) return refused;
  const rows = await activity.latestSupportMessages(deps.database, rowsWanted(limit));
  return ok(
    rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      name: row.name,
      email: row.email,
      message: row.message,
    })),
  );
}
