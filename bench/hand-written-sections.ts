/**
 * The sections of BENCHMARKS.md written by hand (their heading says "written by hand"): notes and
 * before/after comparisons no single run produces. `npm run bench` rewrites the file and keeps them,
 * at its end, in their order.
 */
export function handWrittenSections(markdown: string): string[] {
  const sections: string[] = [];
  let current: string[] | null = null;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) {
      if (current) sections.push(current.join('\n').trimEnd());
      current = line.includes('written by hand') ? [line] : null;
    } else if (line.startsWith('# ')) {
      if (current) sections.push(current.join('\n').trimEnd());
      current = null;
    } else {
      current?.push(line);
    }
  }
  if (current) sections.push(current.join('\n').trimEnd());
  return sections;
}
