/**
 * customer-app §2 Account records table (and admin-app §2): dates in the browser's local date
 * format, "N/A" when missing or invalid.
 */
export function formatLocalDate(value: string | Date | null | undefined, locale?: string): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString(locale);
}
