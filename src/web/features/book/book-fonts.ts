import headingUrl from '@expo-google-fonts/noto-sans/600SemiBold/NotoSans_600SemiBold.ttf?url';
import textUrl from '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf?url';
import { useEffect } from 'react';
import { BOOK_FONT_FAMILIES } from '#domain/book-layout.ts';

/**
 * Issue 42 §1: the preview sets its pages in the book's own typefaces, the very files the PDF
 * embeds (served from this site, never fetched from elsewhere). Loaded once, when a preview is
 * first shown; until they arrive the page uses a similar system face.
 */
let loading: Promise<unknown> | undefined;

function loadBookFonts(): Promise<unknown> {
  loading ??= Promise.all(
    [
      new FontFace(BOOK_FONT_FAMILIES.text, `url(${textUrl})`, { weight: '400', display: 'swap' }),
      new FontFace(BOOK_FONT_FAMILIES.headings, `url(${headingUrl})`, { weight: '600', display: 'swap' }),
    ].map(async (face) => {
      document.fonts.add(await face.load());
    }),
  ).catch(() => undefined);
  return loading;
}

export function useBookFonts(): void {
  useEffect(() => {
    if (typeof FontFace !== 'undefined') void loadBookFonts();
  }, []);
}
