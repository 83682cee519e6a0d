// Issue 40 §5 (STYLE.md: short files): no source file of ours is over 300 lines, checked on every
// `npm run lint`. Tests may be longer (a table of cases reads best in one place); generated code is
// not ours to arrange. `node scripts/check-file-length.ts [ROOT]` checks ROOT (the project by default).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX_LINES = 300;
const root = path.resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
const FOLDERS = ['src', 'scripts', 'bench', 'e2e/support'];
const SOURCE = /\.(ts|tsx|css)$/;
const EXEMPT = /(\.test\.tsx?|\.spec\.ts|(^|\/)generated-types\.ts)$|(^|\/)gql\//;
/**
 * Files still over, and the lines they may not grow past: none since the save engine became a
 * reducer (issue 40 §3, decision 200). A file that must wait is listed here with a reason.
 */
const WAITING: Record<string, number> = {};

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

const long = FOLDERS.flatMap((folder) => filesUnder(path.join(root, folder)))
  .map((file) => path.relative(root, file).split(path.sep).join('/'))
  .filter((file) => !EXEMPT.test(file))
  .map((file) => ({ file, lines: fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 }))
  .filter(({ file, lines }) => lines > (WAITING[file] ?? MAX_LINES))
  .sort((a, b) => b.lines - a.lines);

if (long.length > 0) {
  console.error(
    `Files over ${MAX_LINES} lines (${long.length}); split them by what they do:\n` +
      long.map(({ file, lines }) => `${file}: ${lines} lines`).join('\n'),
  );
  process.exit(1);
}
console.log(
  `File length: ok (none over ${MAX_LINES} lines, but ${Object.keys(WAITING).length} waiting, none grown)`,
);
