import { directionControlMessage } from './direction-controls.ts';

/**
 * Issue 28 §6: what a support line may hold, for the admin console, the server and the configuration
 * (SUPPORT_LINE_*). Plain functions: the zod schema is in support-line-input.ts.
 */
export const SUPPORT_TEXT_MAX = 300;
export const SUPPORT_PHONE_MAX = 40;
export const SUPPORT_URL_MAX = 500;

export const SUPPORT_LINE_MESSAGES = {
  textTooLong: `The support text may hold at most ${SUPPORT_TEXT_MAX} characters.`,
  phoneFormat: `The support number may hold digits, spaces, + - ( ) and . only, at most ${SUPPORT_PHONE_MAX} characters.`,
  urlFormat: `The support link must be a web address starting with https:// or http://, at most ${SUPPORT_URL_MAX} characters.`,
  controlCharacter: 'The support line may not contain control characters.',
  textNeeded: 'A support number or link needs a support text too.',
  // Issue 38 §5: invisible direction controls can disguise a link or number (direction-controls.ts).
  directionText: directionControlMessage('The support text'),
  directionPhone: directionControlMessage('The support number'),
  directionUrl: directionControlMessage('The support link'),
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters (NUL included) is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
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

/** The default when the configuration sets none: says where to turn without naming a country. */
export const DEFAULT_SUPPORT_TEXT =
  'If writing this brings up something hard, you do not have to carry it alone: talk to someone you trust, or call a local support line. In an emergency, call your local emergency number.';
