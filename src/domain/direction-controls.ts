/**
 * Issue 38 §5 (decision 144): Unicode's invisible direction controls reorder how text is shown
 * without changing what it is: "https://example.org/\u202Egpj.exe" reads as a harmless picture,
 * a phone number can show other digits than it dials (Trojan Source, CVE-2021-42574). Links and
 * texts an admin sets for others to read and follow refuse them: LRE, RLE, PDF, LRO, RLO
 * (U+202A–U+202E), LRI, RLI, FSI, PDI (U+2066–U+2069), and the marks LRM and RLM (U+200E, U+200F).
 * The arabic letter mark (U+061C) acts alike and is refused too.
 */
export const DIRECTION_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069\u061C]/u;

export function hasDirectionControl(text: string): boolean {
  return DIRECTION_CONTROLS.test(text);
}

/** The refusal, naming the field as the person sees it ("The support link"). */
export function directionControlMessage(field: string): string {
  return `${field} may not contain invisible text-direction characters (such as U+202E): they can disguise what a link or number really is.`;
}
