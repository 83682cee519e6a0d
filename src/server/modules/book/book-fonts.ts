import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Issue 42 §2: the book's typefaces, embedded in every PDF (and the EPUB): Noto Serif for text and
 * Noto Sans for headings, which cover Latin with every accent (Vietnamese too), Greek and Cyrillic.
 * They come from npm packages (@expo-google-fonts, SIL Open Font License 1.1, which allows embedding
 * and bundling), so nothing is downloaded at run time. Loaded once: they are program files, not
 * anyone's data.
 */
export type BookFontName = 'text' | 'textItalic' | 'textBold' | 'heading' | 'headingRegular';

const FILES: Record<BookFontName, string> = {
  text: '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf',
  textItalic: '@expo-google-fonts/noto-serif/400Regular_Italic/NotoSerif_400Regular_Italic.ttf',
  textBold: '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf',
  heading: '@expo-google-fonts/noto-sans/600SemiBold/NotoSans_600SemiBold.ttf',
  headingRegular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
};

const require = createRequire(import.meta.url);
let loaded: Record<BookFontName, Buffer> | undefined;

/** The font files' bytes, read at the first book. */
export function bookFonts(): Record<BookFontName, Buffer> {
  loaded ??= Object.fromEntries(
    Object.entries(FILES).map(([name, file]) => [name, readFileSync(require.resolve(file))]),
  ) as Record<BookFontName, Buffer>;
  return loaded;
}

/**
 * The fonts of the scripts Noto Serif and Noto Sans lack, one regular face each (SIL OFL 1.1, from
 * @expo-google-fonts): Noto Sans SC (Chinese, and Japanese kana), Noto Sans KR (Korean Hangul), Amiri
 * (Arabic, a book face; Noto Sans Arabic draws letters as dotless shapes plus dots, so its glyphs do
 * not map back to the letters and the text could not be copied or read aloud), Noto Sans Hebrew.
 * Each also carries Latin letters and digits. Given to pdfkit as paths, so
 * a file is read only by a book that has text in its script (the Chinese one is 10 MB) and pdfkit
 * embeds only the glyphs used.
 */
type OtherScript = 'cjk' | 'korean' | 'arabic' | 'hebrew';

const OTHER_SCRIPTS: Record<OtherScript, string> = {
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  korean: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  arabic: '@expo-google-fonts/amiri/400Regular/Amiri_400Regular.ttf',
  hebrew: '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
};

export function otherScriptFontPaths(): Record<OtherScript, string> {
  return Object.fromEntries(
    Object.entries(OTHER_SCRIPTS).map(([script, file]) => [script, require.resolve(file)]),
  ) as Record<OtherScript, string>;
}
