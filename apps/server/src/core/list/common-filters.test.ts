import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#core/db/database.ts';
import { queryRows } from '#core/db/database.ts';
import { describeEachDatabase, freshDatabase } from '#test/test-app.ts';
import { searchFilter } from './common-filters.ts';

const NAMES = [
  'Oiled Oak Cabinet 600 KX-0000001',
  'OAK shelf',
  'cloak room',
  'Walnut Table',
  'Éclair Oak Café',
  'ÉCLAIR',
  'Straße 5',
  'STRASSE',
  'Kelvin \u212a sign',
  '100% oak_wood',
  'Tap\\ handle',
  '',
];
const TERMS = ['oak', 'OAK', 'Oak cab', 'éclair', 'ÉCL', 'straße', 'k sign', '%', '_', '\\', 'é', 'zz'];

describeEachDatabase('searchFilter: the row test agrees with the indexed condition', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(kind));
  });
  afterAll(() => drop());

  it('matches the same names for every term, ASCII or not', async () => {
    const filter = searchFilter([sql`v`]);
    const names = sql.join(
      NAMES.map((name) => sql`${name}::text`),
      sql`, `,
    );
    for (const term of TERMS) {
      const where = filter.where(term) as SQL;
      const test = filter.test?.(term) as SQL;
      expect(test).toBeDefined();
      const rows = await queryRows<{ v: string; indexed: boolean; tested: boolean }>(
        database.system,
        sql`select v, (${where}) as indexed, (${test}) as tested from unnest(array[${names}]) v`,
      );
      for (const row of rows)
        expect({ term, name: row.v, hit: row.tested }).toEqual({ term, name: row.v, hit: row.indexed });
      if (term === 'oak') expect(rows.filter((row) => row.indexed).length).toBe(5);
    }
  });
});
