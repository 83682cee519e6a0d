import { handWrittenSections } from './hand-written-sections.ts';

/** The part of `npm run bench` that writes each generated section, by the start of its heading. */
export const SECTION_HEADINGS = {
  editors: ['## Editors:', '## Raw save throughput'],
  capacity: ['## Capacity curve'],
  'scale-out': ['## Scale-out'],
  'before-after': ['## Before and after'],
  'record-screen': ['## Record screen beside SurveyJS'],
  'builder-screen': ['## Form builder on a'],
  'admin-lists': ['## Admin console at scale'],
  'record-migration': ['## Mapped migration of'],
  book: ['## Book making'],
  'fair-share': ['## Fair share'],
} as const;
export type SectionOwner = keyof typeof SECTION_HEADINGS;

/** The order of the file: generated parts first (their text fresh, or kept), hand-written last. */
const ORDER: (SectionOwner | 'static')[] = [
  'editors',
  'capacity',
  'scale-out',
  'fair-share',
  'before-after',
  'static',
  'record-screen',
  'builder-screen',
  'admin-lists',
  'record-migration',
  'book',
];

/** The `## ` sections of a file (heading line first), without what comes before the first one. */
export function splitSections(markdown: string): string[] {
  const sections: string[] = [];
  let current: string[] | undefined;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ') || line.startsWith('# ')) {
      if (current) sections.push(current.join('\n').trimEnd());
      current = line.startsWith('## ') ? [line] : undefined;
    } else current?.push(line);
  }
  if (current) sections.push(current.join('\n').trimEnd());
  return sections;
}

/**
 * BENCHMARKS.md after a run: the preamble and the static sections new, each part that ran with its
 * fresh text, each part that did not with its sections from the previous file (so running one part
 * alone keeps the others' figures), then the sections written by hand, in their order.
 */
export function composeBenchmarks(options: {
  previous: string;
  preamble: string;
  staticSections: string;
  fresh: Partial<Record<SectionOwner, string>>;
}): string {
  const previous = splitSections(options.previous).filter((section) => !isHandWritten(section));
  const kept = (owner: SectionOwner) =>
    previous.filter((section) => SECTION_HEADINGS[owner].some((prefix) => section.startsWith(prefix)));
  const body = ORDER.flatMap((owner) => {
    if (owner === 'static') return [options.staticSections.trimEnd()];
    const fresh = options.fresh[owner];
    return fresh !== undefined ? (fresh.trim() ? [fresh.trimEnd()] : []) : kept(owner);
  });
  return `${[options.preamble.trimEnd(), ...body, ...handWrittenSections(options.previous)].join('\n\n')}\n`;
}

function isHandWritten(section: string): boolean {
  return (section.split('\n')[0] ?? '').includes('written by hand');
}
