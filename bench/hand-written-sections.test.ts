import { expect, it } from 'vitest';
import { handWrittenSections } from './hand-written-sections.ts';

it('keeps the sections whose heading says they were written by hand, whole and in order', () => {
  const file = [
    '# Benchmarks',
    '## Editors',
    '| a | b |',
    '## Note on this run (written by hand after it)',
    'Busy machine.',
    '',
    '- a list',
    '## Raw save throughput',
    'generated',
    '## Before and after (issue 16, written by hand)',
    'Alternated pairs.',
  ].join('\n');
  expect(handWrittenSections(file)).toEqual([
    '## Note on this run (written by hand after it)\nBusy machine.\n\n- a list',
    '## Before and after (issue 16, written by hand)\nAlternated pairs.',
  ]);
  expect(handWrittenSections('# Benchmarks\n## Editors\nnothing by hand')).toEqual([]);
});
