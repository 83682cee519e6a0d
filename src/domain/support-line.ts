import { z } from 'zod';

/**
 * Issue 28 §6: where a person writing about hard things can turn. An organization may set its own
 * support line (a sentence, a phone number, a link) in the admin console; otherwise the deployment's
 * default from configuration is shown. One schema for the console's form and the server's check.
 */
export interface SupportLine {
  text: string;
  phone: string | null;
  url: string | null;
}

export const SUPPORT_TEXT_MAX = 300;
export const SUPPORT_PHONE_MAX = 40;
export const SUPPORT_URL_MAX = 500;

export const SUPPORT_LINE_MESSAGES = {
  textTooLong: `The support text may hold at most ${SUPPORT_TEXT_MAX} characters.`,
  phoneFormat: `The support phone may hold digits, spaces, + - ( ) and . only, at most ${SUPPORT_PHONE_MAX} characters.`,
  urlFormat: `The support link must be a web address starting with https:// or http://, at most ${SUPPORT_URL_MAX} characters.`,
  controlCharacter: 'The support line may not contain control characters.',
  textNeeded: 'A support phone or link needs a support text too.',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters (NUL included) is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const PHONE = /^\+?[0-9 ()\-.]{3,}$/;

export function isSupportPhone(text: string): boolean {
  return text.length <= SUPPORT_PHONE_MAX && PHONE.test(text) && /\d/.test(text);
}

export function isSupportUrl(text: string): boolean {
  if (text.length > SUPPORT_URL_MAX || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * One support-line part as typed: trimmed, empty as null, undefined when not sent (an update that
 * leaves it out keeps what is stored), control characters refused.
 */
const part = (check: (value: string) => boolean, message: string) =>
  z
    .string()
    .nullish()
    .transform((value) => (value === null ? null : value === undefined ? undefined : value.trim() || null))
    .refine(
      (value) => value == null || !CONTROL_CHARACTERS.test(value),
      SUPPORT_LINE_MESSAGES.controlCharacter,
    )
    .refine((value) => value == null || check(value), message);

/** The three parts, as fields of the organization's input (admin-inputs.ts). */
export const supportLineFields = {
  supportText: part((value) => value.length <= SUPPORT_TEXT_MAX, SUPPORT_LINE_MESSAGES.textTooLong),
  supportPhone: part(isSupportPhone, SUPPORT_LINE_MESSAGES.phoneFormat),
  supportUrl: part(isSupportUrl, SUPPORT_LINE_MESSAGES.urlFormat),
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
export type SupportLineInput = z.output<typeof supportLineInputSchema>;

/** The organization's own line when it has a text, else the deployment's default (issue 28 §6). */
export function supportLineToShow(
  organization: {
    supportText?: string | null;
    supportPhone?: string | null;
    supportUrl?: string | null;
  } | null,
  fallback: SupportLine,
): SupportLine {
  if (!organization?.supportText) return fallback;
  return {
    text: organization.supportText,
    phone: organization.supportPhone ?? null,
    url: organization.supportUrl ?? null,
  };
}

/** A `tel:` address for a phone number as written ("+44 (0)20 7946 0000" → "tel:+4402079460000"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The default when the configuration sets none: says where to turn without naming a country. */
export const DEFAULT_SUPPORT_TEXT =
  'If writing this brings up something hard, you do not have to carry it alone: talk to someone you trust, or call a local support line. In an emergency, call your local emergency number.';
