import { expect, it } from 'vitest';
import { composeBenchmarks, splitSections } from './benchmarks-file.ts';

const previous = [
  '# Benchmarks',
  'old preamble',
  '## Editors: subscription open',
  'old editors',
  '## Raw save throughput',
  'old throughput',
  '## Capacity curve (issue 31 §4)',
  'old curve',
  '## How it is measured',
  'old how',
  '## Admin console at scale (issue 10)',
  'old admin',
  '## Note on this run (written by hand after it)',
  'kept note',
].join('\n');

it('splits a file into its ## sections, heading first', () => {
  expect(splitSections(previous)[0]).toBe('## Editors: subscription open\nold editors');
  expect(splitSections(previous)).toHaveLength(6);
});

it('keeps the sections of parts that did not run and replaces those that did', () => {
  const file = composeBenchmarks({
    previous,
    preamble: '# Benchmarks\nnew preamble',
    staticSections: '## How it is measured\nnew how',
    fresh: { capacity: '## Capacity curve (issue 31 §4)\nnew curve', 'scale-out': '## Scale-out\nnew scale' },
  });
  expect(file).toBe(
    `${[
      '# Benchmarks\nnew preamble',
      '## Editors: subscription open\nold editors',
      '## Raw save throughput\nold throughput',
      '## Capacity curve (issue 31 §4)\nnew curve',
      '## Scale-out\nnew scale',
      '## How it is measured\nnew how',
      '## Admin console at scale (issue 10)\nold admin',
      '## Note on this run (written by hand after it)\nkept note',
    ].join('\n\n')}\n`,
  );
  expect(file).not.toContain('old curve');
  expect(file).not.toContain('old how');
  expect(file).not.toContain('old preamble');
});

it('drops a part’s old sections when it ran and wrote nothing', () => {
  const file = composeBenchmarks({
    previous,
    preamble: '# B',
    staticSections: '## How',
    fresh: { 'admin-lists': '' },
  });
  expect(file).not.toContain('old admin');
  expect(file).toContain('kept note');
});
