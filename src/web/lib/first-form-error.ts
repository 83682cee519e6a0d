import type { FieldErrors, FieldValues } from 'react-hook-form';

/** The first refusal of a row's form, in field order: the row shows one message at a time (admin-app §5). */
export function firstFormError<T extends FieldValues>(errors: FieldErrors<T>, order: readonly string[]) {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}
