// Issue 40 §5 (STYLE.md: `prepared(name, sql`…`)`): one way to write hand-written SQL. A statement
// is declared once with `prepared(...)`, naming schema.ts's columns, and run with `runPrepared` (or
// `runStatement` inside a transaction); a raw statement handed straight to `execute`, `queryRows`,
// `query` or `exec` is refused, checked on every `npm run lint`.
// `node scripts/check-inline-sql.ts [ROOT]` checks ROOT (the project by default).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
const FOLDER = 'src/server';
const EXEMPT = /(\.test\.ts|(^|\/)test-support\/.*)$/;
/** The drivers and the helper themselves: they run what the statements above them compiled to. */
const DRIVER_LAYER = new Set([
  'src/server/db/database.ts',
  'src/server/db/migrate.ts',
  'src/server/db/postgres-listener.ts',
  'src/server/db/prepared-query.ts',
]);
/** A raw statement run in place: `queryRows(db, sql…)`, `.execute(sql…)`, `.query('…')`, `.exec(`…`)`. */
const INLINE =
  /(\bqueryRows|\.execute|\.query|\.exec)\s*(<(?:[^<>()]|<[^<>]*>)*>)?\(\s*(sql\b|`|'|"|[\w.#]+\s*,\s*sql\b)/g;
/**
 * Files that still run inline statements, and how many they may not grow past. Moving one to
 * `prepared(...)` lowers its number here; the list only shrinks (issue 40 §5, decision 209).
 */
const WAITING: Record<string, number> = {
  'src/server/db/encryption/key-store-postgres.ts': 14,
  'src/server/db/encryption/key-store.ts': 4,
};

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const counted = filesUnder(path.join(root, FOLDER))
  .map((file) => path.relative(root, file).split(path.sep).join('/'))
  .filter((file) => !EXEMPT.test(file) && !DRIVER_LAYER.has(file))
  .map((file) => ({
    file,
    inline: fs.readFileSync(path.join(root, file), 'utf8').match(INLINE)?.length ?? 0,
  }));
const over = counted.filter(({ file, inline }) => inline > (WAITING[file] ?? 0));

// The list is ratcheted down on the project itself (a test's scratch root holds none of its files).
const ratchet = process.argv[2] === undefined;
const shrunk = counted.filter(
  ({ file, inline }) => WAITING[file] !== undefined && inline < (WAITING[file] ?? 0),
);
const gone = Object.keys(WAITING).filter((file) => !counted.some((entry) => entry.file === file));

if (ratchet && (shrunk.length > 0 || gone.length > 0)) {
  console.error(
    'Inline SQL: fewer than the waiting list says; lower its number (or drop the file) in scripts/check-inline-sql.ts:\n' +
      [
        ...shrunk.map(({ file, inline }) => `${file}: ${inline} inline (listed ${WAITING[file]})`),
        ...gone,
      ].join('\n'),
  );
  process.exit(1);
}
if (over.length > 0) {
  console.error(
    `Inline SQL (${over.length} files): declare the statement with prepared(name, sql\`…\`) naming schema columns, ` +
      'and run it with runPrepared (runStatement inside a transaction):\n' +
      over.map(({ file, inline }) => `${file}: ${inline} inline (may have ${WAITING[file] ?? 0})`).join('\n'),
  );
  process.exit(1);
}
const left = counted.reduce((sum, { inline }) => sum + inline, 0);
console.log(`Inline SQL: ok (none new; ${left} waiting in ${Object.keys(WAITING).length} files, none grown)`);
