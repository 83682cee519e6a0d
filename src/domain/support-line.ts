/**
 * Issue 28 §6: where a person writing about hard things can turn. An organization may set its own
 * support line (a sentence, a phone number, a link) in the admin console; otherwise the deployment's
 * default from configuration is shown. Only what the record screen needs (its script budget); the
 * rules for input are in support-line-rules.ts and support-line-input.ts.
 */
export interface SupportLine {
  text: string;
  phone: string | null;
  url: string | null;
}

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
