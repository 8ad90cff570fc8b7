import { type ListInputQuery, MODEL_STATUSES, projectModelEndpoints } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type ListBody,
  listContractTests,
  type Row,
  typedCall,
} from '#modules/content/shared/content-list.test-helpers.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('project models', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token, auth } = signInDemoUsers<ListBody>(() => t);
  const call = typedCall(() => t, auth);
  const list = async (query: ListInputQuery<typeof projectModelEndpoints.list>) =>
    await call(projectModelEndpoints.list, { query });
  const names = (body: { data: { name?: string }[] }) => body.data.map((row) => row.name);

  listContractTests(() => t, {
    path: '/v2/projects/models',
    defaultPerPage: 10,
    defaultSort: { field: 'created_at', descending: true },
    fields: [
      'id',
      'name',
      'description',
      'status',
      'status_color',
      'preview_image_url',
      'started_at',
      'finished_at',
      'uploader_name',
      'latest_geometry_event',
      'created_at',
      'updated_at',
    ],
    sortable: ['name', 'created_at', 'updated_at', 'status', 'started_at', 'finished_at'],
    forbidden: [{ username: 'nolicence' }],
  });

  it('has a demo model in every status, with colour, uploader and the latest event message', async () => {
    const res = await list({ per_page: 25 });
    const byName = new Map(res.data.map((row) => [row.name, row as Row]));
    expect(new Set(res.data.map((row) => row.status))).toEqual(new Set(MODEL_STATUSES));
    const processing = byName.get('Tall Cabinet Wall') as Row;
    expect(processing.status_color).toBe('#1c7ed6');
    expect(processing.latest_geometry_event).toEqual({
      message: 'Converting to glTF',
      message_code: null,
      message_params: null,
    });
    expect(processing.uploader_name).toBe('Eddie Editor');
    expect(processing.finished_at).toBeNull();
    const failed = byName.get('Outdoor Grill Station') as Row;
    expect(failed.status_color).toBe('#e03131');
    expect((failed.latest_geometry_event as Row).message).toMatch(/failed/);
    const uploading = byName.get('Loft Galley Layout') as Row;
    expect(uploading.latest_geometry_event).toEqual({ message: null, message_code: null, message_params: null });
    expect(uploading.preview_image_url).toBeNull();
    expect(byName.get('Island with Breakfast Bar')?.status_color).toBe('#2f9e44');
  });

  it('filters by search, status and project', async () => {
    expect(names(await list({ filter: { search: 'island' } }))).toEqual(['Island with Breakfast Bar']);
    const finished = await list({ filter: { status: 'FINISHED' } });
    expect(names(finished).sort()).toEqual([
      'Bistro Service Counter',
      'Island with Breakfast Bar',
      'Showroom Display A',
    ]);
    const queuedOrUploading = await list({ filter: { status: 'QUEUED,UPLOADING' } });
    expect(names(queuedOrUploading).sort()).toEqual(['Corner Pantry Unit', 'Loft Galley Layout']);
    expect((await get('/v2/projects/models?filter[status]=finished')).status).toBe(422);
    const island = (await list({ filter: { search: 'island' } })).data[0];
    const ofProject = await list({ filter: { project: String(island?.project_id) } });
    expect(names(ofProject).sort()).toEqual(['Island with Breakfast Bar', 'Tall Cabinet Wall']);
  });

  it('answers the dotted models.status.finished field as a nested boolean (demo-model picker)', async () => {
    const res = await get(
      '/v2/projects/models?included_fields=models.status.finished,models.name,models.id,models.preview_image_url&per_page=25',
    );
    expect(res.status).toBe(200);
    const island = res.body.data.find((row) => row.name === 'Island with Breakfast Bar') as Row;
    expect(Object.keys(island).sort()).toEqual(['id', 'name', 'preview_image_url', 'status']);
    expect(island.status).toEqual({ finished: true });
    expect(res.body.data.find((row) => row.name === 'Tall Cabinet Wall')?.status).toEqual({ finished: false });
    const clash = await get('/v2/projects/models?included_fields=status,status.finished');
    expect(clash.status).toBe(422);
    const excluded = await get('/v2/projects/models?excluded_fields=models.latest_geometry_event.message');
    expect(excluded.status).toBe(200);
    // The event keeps its other parts (the message's code and parameters); only its message is left out.
    expect(excluded.body.data[0]?.latest_geometry_event).not.toHaveProperty('message');
    expect(excluded.body.data[0]?.latest_geometry_event).toHaveProperty('message_code');
    expect(excluded.body.data[0]).not.toHaveProperty('status.finished');
  });

  it('reads one model; 404 for another tenant', async () => {
    const island = (await list({ filter: { search: 'island' } })).data[0] as Row;
    const one = await call(projectModelEndpoints.get, { params: { id: Number(island.id) } });
    expect(one.data).toMatchObject({ name: 'Island with Breakfast Bar', project_name: 'Van Dijk Family Kitchen' });
    const image = await t.request(`/v2/projects/models/${island.id}/preview-image`, { token: await token('editor') });
    expect(image.status).toBe(200);
    const globex = t.host('globex');
    const other = await t.request(`/v2/projects/models/${island.id}`, {
      token: await token('globex-editor', globex),
      host: globex,
    });
    expect(other.status).toBe(404);
    const trashed = (await list({ trashed: true })).data[0] as Row;
    expect(trashed.name).toBe('Draft Island v1');
    expect(trashed.days_left_to_restore).toBe(25);
    expect((await t.request(`/v2/projects/models/${trashed.id}`, { token: await token('editor') })).status).toBe(404);
  });
});
