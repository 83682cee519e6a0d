/**
 * Issue 42 §2: a person's answers may mix alphabets (a grandmother's name in Hebrew, a city in
 * Chinese, a saying in Arabic). A PDF embeds its own fonts, and no single font covers every script,
 * so the PDF writer draws each run of text with the font of its script; Word names a font per run
 * class and marks right-to-left paragraphs. Only letters decide a run's script: spaces, digits and
 * punctuation stay with the run before them (or the first run, at the start).
 */
export type BookScript = 'latin' | 'cjk' | 'korean' | 'arabic' | 'hebrew';

export interface ScriptRun {
  readonly script: BookScript;
  readonly text: string;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
// Hangul has a font of its own; Hanja in Korean text are Han characters and take the CJK one.
const HANGUL = /\p{Script=Hangul}/u;
const ARABIC = /\p{Script=Arabic}/u;
const HEBREW = /\p{Script=Hebrew}/u;
const LETTER = /\p{L}/u;

/** The script a character asks for, or null when it goes with its neighbours. */
function scriptOf(character: string): BookScript | null {
  if (CJK.test(character)) return 'cjk';
  if (HANGUL.test(character)) return 'korean';
  if (ARABIC.test(character)) return 'arabic';
  if (HEBREW.test(character)) return 'hebrew';
  return LETTER.test(character) ? 'latin' : null;
}

/** The text cut into runs of one script each, in reading (logical) order. */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: { script: BookScript | null; text: string }[] = [];
  for (const character of text) {
    const script = scriptOf(character);
    const last = runs.at(-1);
    if (!last) runs.push({ script, text: character });
    else if (script === null || script === last.script) last.text += character;
    else if (last.script === null) {
      last.script = script;
      last.text += character;
    } else runs.push({ script, text: character });
  }
  return runs.map((run) => ({ script: run.script ?? 'latin', text: run.text }));
}

export const isRightToLeft = (script: BookScript): boolean => script === 'arabic' || script === 'hebrew';

/** A paragraph reads right to left when its first letter is Arabic or Hebrew (the Unicode rule P2). */
export function paragraphIsRightToLeft(text: string): boolean {
  for (const character of text) {
    const script = scriptOf(character);
    if (script) return isRightToLeft(script);
  }
  return false;
}
