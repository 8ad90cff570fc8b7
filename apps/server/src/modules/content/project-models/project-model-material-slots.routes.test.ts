import {
  MATERIAL_SLOT_DEFAULT_NOT_ALLOWED,
  MATERIAL_SLOT_INDEX_TWICE,
  MATERIAL_SLOTS_NOT_PROCESSED,
  MATERIAL_SLOTS_ONLY_FINISHED,
  type MaterialSlotsAnswer,
  noSuchSlot,
  projectModelEndpoints,
} from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { MATERIAL_CONNECTED, MATERIAL_NOT_FOUND } from '#modules/content/materials/material.service.ts';
import { writeClient } from '#modules/content/projects/project-writes.test-helpers.ts';
import { beginRun, finishRun, queueRun } from '#modules/processing/pipeline/processing-state.ts';
import { insiderMembers } from '#test/insider-members.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { processedFigures } from './processed-figures.test-helpers.ts';
import { projectModelProcessing } from './project-model.processing-subject.ts';

const figures = (names: string[]) => processedFigures(names);

const slot = (index: number, name: string, materials: string[] = [], defaultMaterial: string | null = null) => ({
  index,
  name,
  materials,
  default_material: defaultMaterial,
});

describeEachDatabase('material slots of a model', (kind) => {
  let t: TestApp;
  let acme: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    acme = (
      await queryRows<{ id: number }>(t.database.system, sql`select id from companies where sub_domain = 'acme'`)
    )[0]?.id as number;
  });
  afterAll(() => t.close());
  const c = writeClient(() => t);
  const url = (id: number) => `/v2/projects/models/${id}/material-slots`;
  const read = async (id: number) => (await c.send('GET', url(id))).body as MaterialSlotsAnswer;
  const save = (id: number, slots: ReturnType<typeof slot>[], who?: Parameters<typeof c.send>[3]) =>
    c.send('PUT', url(id), { slots }, who);

  /** A model of acme's first project, straight into the database, with the file's material names (null: none recorded). */
  const model = async (name: string, names: string[] | null, status = 'FINISHED') => {
    const [row] = await queryRows<{ id: number }>(
      t.database.system,
      sql`insert into project_models (company_id, project_id, name, status, figures)
        select company_id, id, ${name}, ${status}, ${names ? JSON.stringify(figures(names)) : null}::jsonb
        from projects where name = 'Van Dijk Family Kitchen' returning id`,
    );
    return row?.id as number;
  };
  const links = async (id: number) =>
    (
      await queryRows<{ name: string }>(
        t.database.system,
        sql`select m.name from project_model_materials pmm
          join materials m on m.company_id = pmm.company_id and m.id = pmm.material_id
          where pmm.project_model_id = ${id} order by m.name`,
      )
    ).map((row) => row.name);

  it('lists the file’s slots in order; a slot without a row shows the file’s name and no materials', async () => {
    const id = await model('Slots Plain', ['Door', 'Frame', 'Door']);
    const answer = await t.client({ token: await c.token('editor') }).call(projectModelEndpoints.materialSlots, {
      params: { id },
    });
    expect(answer.data).toEqual([
      { index: 0, source_name: 'Door', name: 'Door', default_material: null, materials: [] },
      { index: 1, source_name: 'Frame', name: 'Frame', default_material: null, materials: [] },
      { index: 2, source_name: 'Door', name: 'Door', default_material: null, materials: [] },
    ]);
  });

  it('answers 409 for a model processed before slots were recorded, 404 in the bin or of another company', async () => {
    const old = await model('Slots Unrecorded', null);
    const unrecorded = await c.send('GET', url(old));
    expect(unrecorded.status).toBe(409);
    expect(unrecorded.body.message).toBe(MATERIAL_SLOTS_NOT_PROCESSED);
    expect((await save(old, [])).status).toBe(409);
    const id = await model('Slots Elsewhere', ['Body']);
    expect((await c.send('GET', url(id), undefined, await c.globex())).status).toBe(404);
    expect((await save(id, [slot(0, 'Mine')], await c.globex())).status).toBe(404);
    expect((await c.send('GET', url(999999))).status).toBe(404);
    await c.setDeletedDaysAgo('project_models', id, 1);
    expect((await c.send('GET', url(id))).status).toBe(404);
    expect((await save(id, [slot(0, 'Mine')])).status).toBe(404);
  });

  it('saves names, the materials each slot allows and its default; a variant shows its base’s maps', async () => {
    await c.send('POST', '/v2/materials', { name: 'Slot Oak' });
    await c.send('POST', '/v2/materials', { name: 'Slot Oak Dark', parent_name: 'Slot Oak' });
    await t.database.system.execute(
      sql`update materials set maps = '{"base_color": {"key": "k/oak.webp", "width": 8, "height": 8}}' where name = 'Slot Oak'`,
    );
    const id = await model('Slots Saved', ['Door', 'Frame', 'Glass']);
    const saved = await save(id, [
      slot(0, '  Front door ', ['Slot Oak Dark', 'Slot Oak', 'Slot Oak'], 'Slot Oak Dark'),
      slot(1, 'Frame', ['Brushed Steel']),
    ]);
    expect(saved.status).toBe(200);
    const answer = saved.body as MaterialSlotsAnswer;
    expect(answer).toEqual(await read(id));
    const [door, frame, glass] = answer.data;
    expect(door).toMatchObject({ index: 0, source_name: 'Door', name: 'Front door' });
    expect(door?.materials.map((m) => m.name)).toEqual(['Slot Oak', 'Slot Oak Dark']);
    const dark = door?.materials[1];
    expect(door?.default_material).toEqual(dark);
    expect(dark?.parent_name).toBe('Slot Oak');
    // Addresses under the model: whoever may view it loads them, on either platform.
    const under = `/v2/projects/models/${id}/material-slots/materials/`;
    expect(dark?.maps.base_color?.startsWith(`${under}Slot%20Oak%20Dark/maps/base_color?v=`)).toBe(true);
    expect(door?.materials[0]?.maps.base_color?.startsWith(`${under}Slot%20Oak/maps/base_color?v=`)).toBe(true);
    expect(frame).toMatchObject({ name: 'Frame', default_material: null });
    expect(frame?.materials).toEqual([
      { name: 'Brushed Steel', parent_name: null, preview_image_url: expect.any(String), maps: {} },
    ]);
    expect(glass).toEqual({ index: 2, source_name: 'Glass', name: 'Glass', default_material: null, materials: [] });
    expect(await links(id)).toEqual(['Brushed Steel', 'Slot Oak', 'Slot Oak Dark']);
  });

  it('renames and rechooses: a save replaces every slot, one left out goes back to the file’s name', async () => {
    const id = await model('Slots Renamed', ['Door', 'Frame']);
    await save(id, [slot(0, 'Front door', ['Walnut Oiled'], 'Walnut Oiled'), slot(1, 'Frame', ['Brushed Steel'])]);
    const renamed = await save(id, [slot(0, 'Back door', ['Nero Marquina', 'Walnut Oiled'], 'Nero Marquina')]);
    expect(renamed.status).toBe(200);
    const [door, frame] = (await read(id)).data;
    expect(door?.name).toBe('Back door');
    expect(door?.default_material?.name).toBe('Nero Marquina');
    expect(door?.materials.map((m) => m.name)).toEqual(['Nero Marquina', 'Walnut Oiled']);
    expect(frame).toEqual({ index: 1, source_name: 'Frame', name: 'Frame', default_material: null, materials: [] });
    expect(await links(id)).toEqual(['Nero Marquina', 'Walnut Oiled']);
  });

  it('leaves out materials in the recycle bin or archived, and shows them again once back', async () => {
    await c.send('POST', '/v2/materials', { name: 'Slot Archived' });
    const id = await model('Slots Hidden', ['Top']);
    await save(id, [slot(0, 'Top', ['Slot Archived', 'Carrara Marble'], 'Slot Archived')]);
    await c.send('PATCH', '/v2/materials/Slot%20Archived', { archived: true });
    const [top] = (await read(id)).data;
    expect(top?.materials.map((m) => m.name)).toEqual(['Carrara Marble']);
    expect(top?.default_material).toBeNull();
    await c.send('PATCH', '/v2/materials/Slot%20Archived', { archived: false });
    expect((await read(id)).data[0]?.default_material?.name).toBe('Slot Archived');
  });

  describe('validation: 422 with a message per field', () => {
    let id: number;
    beforeAll(async () => {
      id = await model('Slots Checked', ['Door', 'Frame']);
    });

    it.each([
      ['an empty name', [slot(0, '   ')], { 'slots.0.name': ['Required.'] }],
      ['a name over 100 characters', [slot(1, 'x'.repeat(101))], { 'slots.0.name': ['At most 100 characters.'] }],
      ['an index twice', [slot(0, 'A'), slot(0, 'B')], { 'slots.1.index': [MATERIAL_SLOT_INDEX_TWICE] }],
      [
        'a default the slot does not allow',
        [slot(0, 'A', ['Walnut Oiled'], 'Brushed Steel')],
        { 'slots.0.default_material': [MATERIAL_SLOT_DEFAULT_NOT_ALLOWED] },
      ],
      ['a negative index', [slot(-1, 'A')], { 'slots.0.index': ['Must be 0 or more.'] }],
    ])('refuses %s', async (_what, slots, errors) => {
      const res = await save(id, slots);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual(errors);
    });

    it('refuses a slot the file does not have and materials the company does not have (or has in the bin)', async () => {
      const res = await save(id, [slot(1, 'Frame', ['Walnut Oiled', 'No Such Finish']), slot(2, 'Extra')]);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        'slots.0.materials.1': [MATERIAL_NOT_FOUND],
        'slots.1.index': [noSuchSlot(2)],
      });
      const binned = await save(id, [slot(0, 'Door', ['Laminate Beige'])]);
      expect(binned.body.errors).toEqual({ 'slots.0.materials.0': [MATERIAL_NOT_FOUND] });
      // Another company's material is no material of this one.
      await c.send('POST', '/v2/materials', { name: 'Globex Only Finish' }, await c.globex());
      const foreign = await save(id, [slot(0, 'Door', ['Globex Only Finish'])]);
      expect(foreign.body.errors).toEqual({ 'slots.0.materials.0': [MATERIAL_NOT_FOUND] });
      expect((await read(id)).data.map((s) => s.name)).toEqual(['Door', 'Frame']);
      expect(await links(id)).toEqual([]);
    });

    it('saves only a finished model (409 while it is processed again)', async () => {
      const running = await model('Slots Running', ['Door'], 'PROCESSING');
      expect((await c.send('GET', url(running))).status).toBe(200);
      const res = await save(running, [slot(0, 'Door')]);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MATERIAL_SLOTS_ONLY_FINISHED);
    });
  });

  it('reads with list-project-models on both platforms; saves with update-project-models on hatch only', async () => {
    const id = await model('Slots Access', ['Door']);
    const { lister } = await insiderMembers(t, { lister: ['list-project-models'] });
    const asLister = { token: lister?.token as string, host: t.host('acme') };
    expect((await c.send('GET', url(id), undefined, asLister)).status).toBe(200);
    expect((await save(id, [slot(0, 'Mine')], asLister)).status).toBe(403);
    const portal = await c.onPortal();
    const onPortal = await c.send('GET', url(id), undefined, portal);
    expect(onPortal.status).toBe(200);
    expect((await save(id, [slot(0, 'Mine')], portal)).status).toBe(403);
    expect((await t.request(url(id))).status).toBe(401);
    expect((await t.request(url(id), { method: 'PUT', json: { slots: [] } })).status).toBe(401);
    expect((await read(id)).data[0]?.name).toBe('Door');
    // The write also goes as a POST with _method=PUT.
    const form = await c.form('POST', url(id), '_method=PUT&slots[0][index]=0&slots[0][name]=Formed');
    expect(form.status).toBe(200);
    expect((await read(id)).data[0]?.name).toBe('Formed');
  });

  it('serves an allowed material’s maps and swatch under the model to its viewers on both platforms, nothing else', async () => {
    await c.send('POST', '/v2/materials', { name: 'Slot Served' });
    await c.send('POST', '/v2/materials', { name: 'Slot Not Allowed' });
    const image = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 served');
    await t.services.storage.put('k/served.webp', image);
    await t.services.storage.put('k/served-preview.webp', image);
    await t.database.system.execute(
      sql`update materials set maps = '{"normal": {"key": "k/served.webp", "width": 8, "height": 8}}',
        preview_image_path = 'k/served-preview.webp' where name in ('Slot Served', 'Slot Not Allowed')`,
    );
    const id = await model('Slots Served', ['Door']);
    const saved = (await save(id, [slot(0, 'Door', ['Slot Served'])])).body as MaterialSlotsAnswer;
    const served = saved.data[0]?.materials[0];
    const portal = await c.onPortal();
    for (const address of [served?.maps.normal ?? '', served?.preview_image_url ?? '']) {
      const answer = await c.send('GET', address, undefined, portal);
      expect(answer.status, address).toBe(200);
      expect(answer.headers['content-type']).toBe('image/webp');
      expect(answer.raw.equals(image)).toBe(true);
    }
    const base = `/v2/projects/models/${id}/material-slots/materials`;
    const missing = [
      `${base}/Slot%20Not%20Allowed/maps/normal`,
      `${base}/Slot%20Served/maps/base_color`,
      `/v2/projects/models/${await model('Slots Served Other', ['Door'])}/material-slots/materials/Slot%20Served/maps/normal`,
    ];
    for (const address of missing) expect((await c.send('GET', address, undefined, portal)).status, address).toBe(404);
    expect((await t.request(`${base}/Slot%20Served/maps/normal`)).status).toBe(401);
    expect((await c.send('GET', `${base}/Slot%20Served/maps/bogus`)).status).toBe(422);
  });

  it('keeps the model’s material links the union of its slots: a linked material is not deleted, an unlinked one is', async () => {
    await c.send('POST', '/v2/materials', { name: 'Slot Linked' });
    const id = await model('Slots Links', ['Door', 'Frame']);
    // A link made before the first slot save (the demo's, a copy's) gives way to the union.
    await t.database.system.execute(sql`insert into project_model_materials (company_id, project_model_id, material_id)
      select company_id, ${id}, id from materials where name = 'Matte White Lacquer'`);
    await save(id, [slot(0, 'Door', ['Slot Linked']), slot(1, 'Frame', ['Slot Linked', 'Walnut Oiled'])]);
    expect(await links(id)).toEqual(['Slot Linked', 'Walnut Oiled']);
    const refused = await c.send('DELETE', '/v2/materials/Slot%20Linked');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MATERIAL_CONNECTED);
    const deletable = async () =>
      (await c.get<{ data: { deletable: boolean }[] }>('/v2/materials?filter[search]=Slot%20Linked')).body.data[0]
        ?.deletable;
    expect(await deletable()).toBe(false);
    await save(id, [slot(1, 'Frame', ['Walnut Oiled'])]);
    expect(await links(id)).toEqual(['Walnut Oiled']);
    expect(await deletable()).toBe(true);
    expect((await c.send('DELETE', '/v2/materials/Slot%20Linked')).status).toBe(200);
  });

  it('processed again, the model keeps the slots its new file still has; the others go with their links', async () => {
    const id = await model('Slots Reprocessed', ['Door', 'Frame', 'Handle']);
    await t.database.system.execute(
      sql`update project_models set original_key = 'companies/x/original', original_name = 'cabinet.glb' where id = ${id}`,
    );
    await save(id, [
      slot(0, 'Front door', ['Walnut Oiled'], 'Walnut Oiled'),
      slot(2, 'Knob', ['Brushed Steel'], 'Brushed Steel'),
    ]);
    const subject = projectModelProcessing;
    const finished = await t.database.tenant({ companyId: acme }, async (tx) => {
      const run = await queueRun(tx, subject, id, 'Queued for reprocessing');
      const ref = { subject, companyId: acme, id, run };
      await beginRun(tx, ref, 'Processing started');
      return finishRun(
        tx,
        ref,
        { glbKey: 'companies/x/model.glb', previewKey: null, figures: figures(['Door', 'Frame']) },
        'Ready',
      );
    });
    expect(finished).toBe(true);
    expect((await read(id)).data).toEqual([
      {
        index: 0,
        source_name: 'Door',
        name: 'Front door',
        default_material: expect.objectContaining({ name: 'Walnut Oiled' }),
        materials: [expect.objectContaining({ name: 'Walnut Oiled' })],
      },
      { index: 1, source_name: 'Frame', name: 'Frame', default_material: null, materials: [] },
    ]);
    expect(await links(id)).toEqual(['Walnut Oiled']);
  });
});
