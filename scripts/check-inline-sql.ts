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
/**
 * Not PostgreSQL: the embedded key store runs on node:sqlite, its statements node:sqlite's own
 * prepared ones (`db.prepare(...)`), which `prepared(...)` (PostgreSQL's dialect) cannot declare
 * (decision 210).
 */
const OTHER_DIALECT = new Set(['src/server/db/encryption/key-store.ts']);
/**
 * Statements that cannot be prepared, exactly this many per file, each with a one-line comment
 * saying why: DDL of the key store's own database (no migration creates it, and a database name is
 * an identifier, never a parameter), transaction control on its client, and LISTEN (a utility
 * command) on its notification connection. A number here only shrinks. (The list of files still
 * waiting to move, 67 statements in 13 files, was emptied by issue 40 §5, decision 209.)
 */
const UNPREPARABLE: Record<string, number> = {
  'src/server/db/encryption/key-store-postgres.ts': 7,
};
const WHY = /\/\/ Unprepared: \S/;
/** A raw statement run in place: `queryRows(db, sql…)`, `.execute(sql…)`, `.query('…')`, `.exec(`…`)`. */
const INLINE =
  /(\bqueryRows|\.execute|\.query|\.exec)\s*(<(?:[^<>()]|<[^<>]*>)*>)?\(\s*(sql\b|`|'|"|[\w.#]+\s*,\s*sql\b)/g;

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
  .filter((file) => !EXEMPT.test(file) && !DRIVER_LAYER.has(file) && !OTHER_DIALECT.has(file))
  .map((file) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const found = [...text.matchAll(INLINE)];
    // The line above an unpreparable statement says why: `// Unprepared: DDL …`.
    const lineAbove = (at: number) => text.slice(0, at).split('\n').at(-2) ?? '';
    const unexplained = found.filter((match) => !WHY.test(lineAbove(match.index))).length;
    return { file, inline: found.length, unexplained };
  });
const allowed = (file: string) => UNPREPARABLE[file] ?? 0;
const over = counted.filter(
  ({ file, inline, unexplained }) => inline > allowed(file) || (inline > 0 && unexplained > 0),
);

// The list is ratcheted down on the project itself (a test's scratch root holds none of its files).
const ratchet = process.argv[2] === undefined;
const listed = Object.keys(UNPREPARABLE);
const shrunk = counted.filter(({ file, inline }) => listed.includes(file) && inline < allowed(file));
const gone = listed.filter((file) => !counted.some((entry) => entry.file === file));

if (ratchet && (shrunk.length > 0 || gone.length > 0)) {
  console.error(
    'Inline SQL: fewer than UNPREPARABLE says; lower its number (or drop the file) in scripts/check-inline-sql.ts:\n' +
      [
        ...shrunk.map(({ file, inline }) => `${file}: ${inline} inline (listed ${allowed(file)})`),
        ...gone,
      ].join('\n'),
  );
  process.exit(1);
}
if (over.length > 0) {
  console.error(
    `Inline SQL (${over.length} files): declare the statement with prepared(name, sql\`…\`) naming schema columns, ` +
      'and run it with runPrepared (runStatement inside a transaction):\n' +
      over
        .map(
          ({ file, inline, unexplained }) =>
            `${file}: ${inline} inline (may have ${allowed(file)})` +
            (allowed(file) > 0 ? `, ${unexplained} without a "// Unprepared: why" line above` : ''),
        )
        .join('\n'),
  );
  process.exit(1);
}
const unpreparable = counted.reduce((sum, { inline }) => sum + inline, 0);
console.log(`Inline SQL: ok (none new; ${unpreparable} unpreparable, each saying why)`);
