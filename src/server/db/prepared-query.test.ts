import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { prepared, runPrepared, value } from './prepared-query.ts';
import { organizations } from './schema.ts';

// Issue 27 §4: hand-written statements are Drizzle `sql` templates naming schema.ts columns,
// compiled once and run as named prepared statements; values only through named placeholders.
describe('prepared statements from sql templates', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => test.drop());

  it('names schema columns and makes one parameter of a name used twice', async () => {
    const statement = prepared<{ id: string; name: string }>(
      'test-organization-by-name',
      sql`select ${organizations.id}, ${organizations.name} from ${organizations}
          where ${organizations.name} = ${value('name')} or lower(${organizations.name}) = lower(${value('name')})`,
    );
    expect(statement.text).toContain('"organizations"."name"');
    expect(statement.values).toEqual(['name']);
    expect(statement.text).not.toContain('$2');
    await test.database.db.insert(organizations).values({ name: 'Prepared Org' });
    const rows = await runPrepared(test.database, statement, { name: 'prepared org' });
    expect(rows.map((row) => row.name)).toEqual(['Prepared Org']);
  });

  it('lists only the values a statement uses, so none needs a dummy condition', () => {
    const statement = prepared(
      'test-count-organizations',
      sql`select count(*)::int as n from ${organizations}`,
    );
    expect(statement.values).toEqual([]);
  });

  it('refuses a value written into the template instead of a placeholder', () => {
    expect(() => prepared('test-inline-value', sql`select ${'inline'}::text`)).toThrow(/sql\.placeholder/);
  });

  it('refuses a missing value and a name reused for other SQL', async () => {
    const statement = prepared('test-needs-id', sql`select ${value('id')}::uuid as id`);
    await expect(runPrepared(test.database, statement, {})).rejects.toThrow(/needs the value "id"/);
    expect(() => prepared('test-needs-id', sql`select ${value('id')}::text as id`)).toThrow(/used for two/);
  });
});
