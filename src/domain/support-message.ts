import { z } from 'zod';
import { groupDigits } from './group-digits.ts';

/**
 * admin-app §3 Contact message and §7 `POST /support {name, email, message, type, timestamp}`.
 * One schema: the contact form shows its messages beside the fields, the server refuses with them.
 */
export const SUPPORT_MESSAGE_TYPE = 'contact_form';
export const SUPPORT_NAME_MAX = 200;
export const SUPPORT_EMAIL_MAX = 254;
export const SUPPORT_MESSAGE_MAX = 5000;

// The name goes into the support mail's subject line: no line breaks or other control characters.
const CONTROL_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}]/u;

export const supportMessageSchema = z.object({
  name: z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(SUPPORT_NAME_MAX, `Your name can be at most ${SUPPORT_NAME_MAX} characters long.`)
    .refine((name) => !CONTROL_CHARACTERS.test(name), 'Your name cannot contain line breaks.'),
  email: z
    .string({ error: 'Please enter your e-mail address.' })
    .trim()
    .min(1, 'Please enter your e-mail address.')
    .max(SUPPORT_EMAIL_MAX, 'Please enter a valid e-mail address.')
    .pipe(z.email('Please enter a valid e-mail address.')),
  message: z
    .string({ error: 'Please enter your message.' })
    .trim()
    .min(1, 'Please enter your message.')
    .max(
      SUPPORT_MESSAGE_MAX,
      `Your message can be at most ${groupDigits(SUPPORT_MESSAGE_MAX)} characters long.`,
    ),
  type: z.literal(SUPPORT_MESSAGE_TYPE, { error: `type must be "${SUPPORT_MESSAGE_TYPE}".` }),
  // When the visitor pressed send, as their browser saw it (ISO 8601); the server keeps its own time too.
  timestamp: z.iso.datetime({ offset: true, error: 'timestamp must be an ISO 8601 date and time.' }),
});

export type SupportMessage = z.infer<typeof supportMessageSchema>;
export type SupportMessageField = keyof SupportMessage;

/** The first message for each field that failed, in the schema's field order. */
export function supportMessageErrors(error: z.ZodError): Partial<Record<SupportMessageField, string>> {
  const errors: Partial<Record<SupportMessageField, string>> = {};
  for (const issue of error.issues) {
    const field = (issue.path[0] ?? 'message') as SupportMessageField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** admin-app §9: the anti-bot answer is 6 (six trees among decoy emojis). */
export const TREE_COUNT_ANSWER = 6;
/** admin-app §5: a wrong count. */
export const TREE_COUNT_WRONG_MESSAGE =
  'Please count the trees correctly (hint: ignore the non-tree emojis!)';
/** admin-app §5: "the input pattern message" — the answer is not a whole number. */
export const TREE_COUNT_PATTERN_MESSAGE = 'Please answer the math question correctly';

/** admin-app §5: undefined when the answer is right, otherwise the message to show beside the question. */
export function treeCountError(answer: string): string | undefined {
  const trimmed = answer.trim();
  if (!/^\d+$/.test(trimmed)) return TREE_COUNT_PATTERN_MESSAGE;
  return Number(trimmed) === TREE_COUNT_ANSWER ? undefined : TREE_COUNT_WRONG_MESSAGE;
}

/**
 * admin-app §2/§5 Contact page form: the message's three fields as the visitor types them, the
 * honeypot (any text; a filled one stops the form before it is checked) and the tree count.
 */
export const contactFormSchema = supportMessageSchema
  .pick({ name: true, email: true, message: true })
  .extend({
    website: z.string(),
    trees: z.string().superRefine((answer, context) => {
      const problem = treeCountError(answer);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  });
