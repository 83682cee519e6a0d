import { describe, expect, it } from 'vitest';
import { paragraphIsRightToLeft, scriptRuns } from './book-scripts.ts';

describe('scriptRuns', () => {
  it('cuts text by the script of its letters; spaces, digits and punctuation go with the run before', () => {
    expect(scriptRuns('Zoë met שרה in 東京, 1956.')).toEqual([
      { script: 'latin', text: 'Zoë met ' },
      { script: 'hebrew', text: 'שרה ' },
      { script: 'latin', text: 'in ' },
      { script: 'cjk', text: '東京, 1956.' },
    ]);
    expect(scriptRuns('«مرحبا» Θεσσαλονίκη Москва')).toEqual([
      { script: 'arabic', text: '«مرحبا» ' },
      { script: 'latin', text: 'Θεσσαλονίκη Москва' },
    ]);
    expect(scriptRuns('할머니 (金) Busan')).toEqual([
      { script: 'korean', text: '할머니 (' },
      { script: 'cjk', text: '金) ' },
      { script: 'latin', text: 'Busan' },
    ]);
    expect(scriptRuns('1956')).toEqual([{ script: 'latin', text: '1956' }]);
    expect(scriptRuns('')).toEqual([]);
  });

  it('reads a paragraph right to left when its first letter is Arabic or Hebrew', () => {
    expect(paragraphIsRightToLeft('1931 סבתא')).toBe(true);
    expect(paragraphIsRightToLeft('Sarah שרה')).toBe(false);
    expect(paragraphIsRightToLeft('كانت')).toBe(true);
  });
});
