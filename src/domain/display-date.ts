/**
 * customer-app §2 Account records table (and admin-app §2): dates in the browser's local date
 * format, "N/A" when missing or invalid.
 */
export function formatLocalDate(value: string | Date | null | undefined, locale?: string): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString(locale);
}

// Creating an Intl.DateTimeFormat costs milliseconds (toLocaleString makes one per call); the
// record heading re-renders on every save, so one formatter per locale is kept (issue 15 §2).
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormatFor(locale: string | undefined): Intl.DateTimeFormat {
  const key = locale ?? '';
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** customer-app §2 Record heading: a date and time in the browser's local format, "N/A" when invalid. */
export function formatLocalDateTime(value: string | Date | null | undefined, locale?: string): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateTimeFormatFor(locale).format(date);
}
