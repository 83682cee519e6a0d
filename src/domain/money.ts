/**
 * customer-app §2 Products "Cost: {cost}" and admin-app §3 Product cost (money). Costs are decimal
 * strings as PostgreSQL's numeric gives them; the currency is US dollars (the spec names none).
 */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatCost(cost: string | number | null | undefined): string {
  if (cost === null || cost === undefined || String(cost).trim() === '') return 'N/A';
  const amount = Number(cost);
  return Number.isFinite(amount) ? dollars.format(amount) : String(cost);
}
