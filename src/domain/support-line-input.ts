import { z } from 'zod';
import { hasDirectionControl } from './direction-controls.ts';
import {
  CONTROL_CHARACTERS,
  isSupportPhone,
  isSupportUrl,
  SUPPORT_LINE_MESSAGES,
  SUPPORT_TEXT_MAX,
} from './support-line-rules.ts';

/**
 * Issue 28 §6: the support line as an admin types it, one schema for the console's form and the
 * server's check (part of the organization's input, admin-inputs.ts).
 */

/**
 * One support-line part as typed: trimmed, empty as null, undefined when not sent (an update that
 * leaves it out keeps what is stored), control characters refused.
 */
const part = (check: (value: string) => boolean, message: string, directionMessage: string) =>
  z
    .string()
    .nullish()
    .transform((value) => (value === null ? null : value === undefined ? undefined : value.trim() || null))
    .refine(
      (value) => value == null || !CONTROL_CHARACTERS.test(value),
      SUPPORT_LINE_MESSAGES.controlCharacter,
    )
    .refine((value) => value == null || !hasDirectionControl(value), directionMessage)
    .refine((value) => value == null || check(value), message);

/** The three parts, as fields of the organization's input (admin-inputs.ts). */
export const supportLineFields = {
  supportText: part(
    (value) => value.length <= SUPPORT_TEXT_MAX,
    SUPPORT_LINE_MESSAGES.textTooLong,
    SUPPORT_LINE_MESSAGES.directionText,
  ),
  supportPhone: part(isSupportPhone, SUPPORT_LINE_MESSAGES.phoneFormat, SUPPORT_LINE_MESSAGES.directionPhone),
  supportUrl: part(isSupportUrl, SUPPORT_LINE_MESSAGES.urlFormat, SUPPORT_LINE_MESSAGES.directionUrl),
};

/** A bare number or link says nothing of what it is: the text is what the person reads first. */
export function supportLineHasText(line: {
  supportText?: string | null;
  supportPhone?: string | null;
  supportUrl?: string | null;
}): boolean {
  return line.supportText !== null || (line.supportPhone == null && line.supportUrl == null);
}

export const supportLineInputSchema = z
  .object(supportLineFields)
  .refine(supportLineHasText, { message: SUPPORT_LINE_MESSAGES.textNeeded, path: ['supportText'] });
