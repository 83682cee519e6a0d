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

/** The font files' paths, for what reads files itself (the EPUB's embedded fonts). */
export function bookFontPath(name: BookFontName): string {
  return require.resolve(FILES[name]);
}
