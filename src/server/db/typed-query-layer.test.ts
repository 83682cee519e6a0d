import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 16 §1, decision 002: one query layer. Statements run through Drizzle (its builder, or
// hand-written SQL through `queryRows` / `runPrepared`), with row types derived from schema.ts
// (RowOf / ColumnsOfRow, or Drizzle's $inferSelect), and nothing reaches into PGlite's private parts.
// Type-level proof that RowOf follows the schema: row-of.test.ts.

const serverRoot = fileURLToPath(new URL('../', import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = sourceFiles(serverRoot).map((file) => ({
  name: path.relative(serverRoot, file),
  text: fs.readFileSync(file, 'utf8'),
}));
const runsSql = files.filter((file) => /\b(runPrepared|runStatement|queryRows)\b/.test(file.text));

/** Each `type …Row = …;` or `interface …Row {…}` declaration, up to its end. */
function rowTypeDeclarations(text: string): { name: string; body: string }[] {
  const found: { name: string; body: string }[] = [];
  const start = /^(?:export )?(type|interface) (\w*Row)\b/gm;
  for (let match = start.exec(text); match; match = start.exec(text)) {
    const rest = text.slice(match.index);
    const end = match[1] === 'interface' ? rest.indexOf('\n}') : rest.search(/;\n(?!\s)|;\s*$/m);
    found.push({ name: match[2] ?? '', body: `${match[1]} ${rest.slice(0, end + 2)}` });
  }
  return found;
}

describe('one typed query layer (issue 16 §1)', () => {
  it('finds the modules that run SQL (the scan itself works)', () => {
    expect(runsSql.map((file) => file.name)).toEqual(
      expect.arrayContaining(['modules/records/record-repository.ts', 'modules/identity/viewer.ts']),
    );
  });

  it('calls none of PGlite’s private methods', () => {
    const offenders = files.filter((file) => /\._run[A-Z]\w*\(/.test(file.text)).map((file) => file.name);
    expect(offenders).toEqual([]);
  });

  it('derives every row type of a module that runs SQL from schema.ts', () => {
    const handWritten = runsSql.flatMap((file) =>
      rowTypeDeclarations(file.text)
        .filter((declaration) => !/\b(RowOf|ColumnsOfRow)<|\$inferSelect/.test(declaration.body))
        .map((declaration) => `${file.name}: ${declaration.name}`),
    );
    expect(handWritten).toEqual([]);
  });

  it('would notice a hand-written row type', () => {
    const declarations = rowTypeDeclarations(
      'interface UserRow {\n  id: string;\n}\ntype NoteRow = ColumnsOfRow<typeof notes, "id">;\n',
    );
    expect(declarations.map((declaration) => declaration.name)).toEqual(['UserRow', 'NoteRow']);
    expect(declarations[0]?.body).not.toMatch(/RowOf|ColumnsOfRow/);
    expect(declarations[1]?.body).toMatch(/ColumnsOfRow/);
  });
});
