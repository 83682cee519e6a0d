import { describe, expectTypeOf, it } from 'vitest';
import type { ColumnsOfRow, RowOf } from './row-of.ts';
import type { lifeRecords, products } from './schema.ts';

// Type-level: `npm run typecheck` fails when these no longer hold; vitest runs the file too.
describe('RowOf', () => {
  it('keys a row by SQL column names, with the types and nullability schema.ts gives', () => {
    expectTypeOf<RowOf<typeof lifeRecords>['created_at']>().toEqualTypeOf<Date>();
    expectTypeOf<RowOf<typeof lifeRecords>['client']>().toEqualTypeOf<string | null>();
    expectTypeOf<RowOf<typeof lifeRecords>['form_version']>().toEqualTypeOf<number | null>();
    expectTypeOf<RowOf<typeof products>['cost']>().toEqualTypeOf<string>();
    expectTypeOf<ColumnsOfRow<typeof lifeRecords, 'id' | 'version'>>().toEqualTypeOf<{
      id: string;
      version: number;
    }>();
  });
});
