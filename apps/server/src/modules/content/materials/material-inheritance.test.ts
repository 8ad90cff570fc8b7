import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, queryRows } from '#core/db/database.ts';
import { type DatabaseKind, describeEachDatabase, freshDatabase } from '#test/test-app.ts';
import { type MaterialMaps, materials } from './material.table.ts';
import { materialAt, shownMaps } from './material-inheritance.ts';

const map = (key: string) => ({ key, width: 8, height: 8 });

describeEachDatabase('a material variant shows its own maps over its base’s', (kind: DatabaseKind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let companyId: number;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(kind, 'demo'));
    const [acme] = await queryRows<{ id: number }>(
      database.system,
      sql`select id from companies where sub_domain = 'acme'`,
    );
    companyId = acme?.id ?? 0;
    await database.system.insert(materials).values([
      { companyId, name: 'Inheritance base', maps: { base_color: map('base-color'), roughness: map('base-rough') } },
      { companyId, name: 'Inheritance variant', parentName: 'Inheritance base', maps: { roughness: map('own-rough') } },
    ]);
  });
  afterAll(async () => {
    await drop();
  });

  const shown = async (name: string, alias?: string) => {
    const [row] = await queryRows<{ maps: MaterialMaps }>(
      database.system,
      alias
        ? sql`select ${shownMaps(materialAt(alias))} as maps from ${materials} m
            where m.company_id = ${companyId} and m.name = ${name}`
        : sql`select ${shownMaps(materialAt())} as maps from ${materials}
            where company_id = ${companyId} and name = ${name}`,
    );
    return row?.maps;
  };

  it('a variant: the base’s maps it has not replaced, and its own', async () => {
    for (const alias of [undefined, 'm']) {
      expect(await shown('Inheritance variant', alias)).toEqual({
        base_color: map('base-color'),
        roughness: map('own-rough'),
      });
    }
  });

  it('a base material: its own maps only', async () => {
    expect(await shown('Inheritance base')).toEqual({ base_color: map('base-color'), roughness: map('base-rough') });
  });
});

it('the rule is written once: the list, the preview job and the changed-preview check use shownMaps', () => {
  for (const file of ['material.list.ts', 'material-preview.job.ts', 'material-maps.ts']) {
    const source = readFileSync(path.join(import.meta.dirname, file), 'utf8');
    expect(source, file).toContain('shownMaps(');
    expect(source, file).not.toMatch(/'\{\}'::jsonb\)\s*\|\|/);
  }
});
