import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { writeClient } from '#modules/content/projects/project-writes.test-helpers.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { PLACEMENT_REQUEUED } from './record-placement.ts';

/** Issue 26, item 4: units and up axis on models, items and the reprocess; a change processes again. */
describeEachDatabase('units and up axis of models and items', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const c = writeClient(() => t);

  /** A FINISHED record with an original that is not in storage: a run it gets fails at once, costing nothing. */
  const finishedModel = async (name: string) => {
    const project = (await c.send('POST', '/v2/projects', { name: `${name} project` })).body.data.id as number;
    const [row] = await queryRows<{ id: number }>(
      t.database.system,
      sql`insert into project_models (company_id, project_id, name, status, original_key, original_name)
        select company_id, id, ${name}, 'FINISHED', 'nowhere/part.stl', 'part.stl' from projects where id = ${project}
        returning id`,
    );
    return row?.id as number;
  };
  const state = async (table: 'project_models' | 'library_items', id: number) => {
    const [row] = await queryRows<{ run: number; units: string | null; up_axis: string | null; requeued: number }>(
      t.database.system,
      sql`select processing_run as run, units, up_axis,
          (select count(*)::int from geometry_events ge where ge.subject_id = r.id and ge.message = ${PLACEMENT_REQUEUED}
            and ge.subject_kind = ${table === 'project_models' ? 'project_model' : 'library_item'}) as requeued
        from ${sql.raw(table)} r where r.id = ${id}`,
    );
    return row;
  };
  const setFinished = (id: number) =>
    t.database.system.execute(sql`update project_models set status = 'FINISHED' where id = ${id}`);

  it('answers 422 for units or an up axis it does not know, on save and on reprocess', async () => {
    const id = await finishedModel('Unit Checks');
    const badUnits = await c.send('PATCH', `/v2/projects/models/${id}`, { units: 'ft' });
    expect(badUnits.status).toBe(422);
    expect(Object.keys(badUnits.body.errors)).toEqual(['units']);
    const badAxis = await c.send('PATCH', `/v2/projects/models/${id}`, { up_axis: 'x' });
    expect(badAxis.status).toBe(422);
    expect(Object.keys(badAxis.body.errors)).toEqual(['up_axis']);
    const badReprocess = await c.send('POST', `/v2/projects/models/${id}/reprocess`, { units: 'yard' });
    expect(badReprocess.status).toBe(422);
    const item = (await queryRows<{ id: number }>(t.database.system, sql`select id from library_items limit 1`))[0];
    const badItem = await c.send('PATCH', `/v2/libraries/items/${item?.id}`, { up_axis: 'up' });
    expect(badItem.status).toBe(422);
    expect(Object.keys(badItem.body.errors)).toEqual(['up_axis']);
    expect(await state('project_models', id)).toMatchObject({ run: 0, units: null, up_axis: null, requeued: 0 });
  });

  it('keeps units and up axis, answers them, and processes the model again when they change', async () => {
    const id = await finishedModel('Scanned Part');
    expect((await c.get(`/v2/projects/models/${id}`)).body.data).toMatchObject({ units: null, up_axis: null });
    const changed = await c.send('PATCH', `/v2/projects/models/${id}`, { units: 'mm', up_axis: 'z' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ units: 'mm', up_axis: 'z' });
    expect(changed.body.data.status).not.toBe('FINISHED');
    expect(await state('project_models', id)).toMatchObject({ run: 1, units: 'mm', up_axis: 'z', requeued: 1 });

    // The same values, or only a new name: nothing to process again.
    await setFinished(id);
    await c.send('PATCH', `/v2/projects/models/${id}`, { units: 'mm', name: 'Scanned Part v2' });
    expect(await state('project_models', id)).toMatchObject({ run: 1, requeued: 1 });

    // A form sends '' for the format's default.
    const form = await c.form('POST', `/v2/projects/models/${id}`, '_method=PATCH&units=');
    expect(form.status).toBe(200);
    expect(await state('project_models', id)).toMatchObject({ run: 2, units: null, up_axis: 'z', requeued: 2 });
  });

  it('takes units and up axis with a reprocess, and reprocesses without them as before', async () => {
    const id = await finishedModel('Reprocessed Part');
    const withUnits = await c.send('POST', `/v2/projects/models/${id}/reprocess`, { units: 'in', up_axis: 'y' });
    expect(withUnits.status).toBe(200);
    expect(withUnits.body.data).toMatchObject({ units: 'in', up_axis: 'y' });
    expect(await state('project_models', id)).toMatchObject({ run: 1, units: 'in', up_axis: 'y' });
    await setFinished(id);
    const plain = await c.send('POST', `/v2/projects/models/${id}/reprocess`);
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(await state('project_models', id)).toMatchObject({ run: 2, units: 'in', up_axis: 'y' });
  });

  it('keeps them on library items and processes a finished item again when they change', async () => {
    const [item] = await queryRows<{ id: number }>(
      t.database.system,
      sql`update library_items set status = 'FINISHED', original_key = 'nowhere/part.obj', original_name = 'part.obj'
        where id = (select min(id) from library_items where deleted_at is null) returning id`,
    );
    const id = item?.id as number;
    const before = (await state('library_items', id))?.run ?? 0;
    const changed = await c.send('PATCH', `/v2/libraries/items/${id}`, { units: 'cm' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ units: 'cm', up_axis: null });
    expect(await state('library_items', id)).toMatchObject({ run: before + 1, units: 'cm', requeued: 1 });
  });
});
