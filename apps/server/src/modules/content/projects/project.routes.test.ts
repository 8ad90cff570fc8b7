import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '../../test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '../../test/test-app.ts';
import { type ListBody, listContractTests, type Row } from '../content/content-list.test-helpers.ts';

describeEachDatabase('projects', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token } = signInDemoUsers<ListBody>(() => t);
  const names = (body: ListBody) => body.data.map((row) => row.name);

  listContractTests(() => t, {
    path: '/v2/projects',
    defaultPerPage: 5,
    defaultSort: { field: 'updated_at', descending: true },
    fields: [
      'id',
      'name',
      'description',
      'status',
      'preview_image',
      'labels',
      'users',
      'is_favorited',
      'created_at',
      'updated_at',
    ],
    sortable: ['name', 'created_at', 'updated_at', 'status'],
    forbidden: [{ username: 'nolicence' }],
  });

  it('lists top-level projects only, unless include_sub_projects=1', async () => {
    const top = await get('/v2/projects?per_page=100');
    expect(names(top.body)).not.toContain('Van Dijk Pantry Extension');
    expect(top.body.data.every((row) => row.parent_id === null)).toBe(true);
    const all = await get('/v2/projects?per_page=100&include_sub_projects=1');
    expect(names(all.body)).toContain('Van Dijk Pantry Extension');
    expect(all.body.meta.total).toBe(top.body.meta.total + 1);
    const count = await t.request('/v2/projects?include_sub_projects=1&count=1', { token: await token('editor') });
    expect(count.body.data.count).toBe(all.body.meta.total);
    expect((await get('/v2/projects?include_sub_projects=maybe')).status).toBe(422);
  });

  it('filters by search, status, label, parent and favourite', async () => {
    const search = await get('/v2/projects?filter[search]=van dijk&include_sub_projects=1');
    expect(names(search.body).sort()).toEqual(['Van Dijk Family Kitchen', 'Van Dijk Pantry Extension']);
    const byDescription = await get('/v2/projects?filter[search]=pizza oven');
    expect(names(byDescription.body)).toEqual(['Villa Rosa Outdoor Kitchen']);
    const archived = await get('/v2/projects?filter[status]=archived');
    expect(names(archived.body)).toEqual(['Bakker Bistro Fit-out']);
    const several = await get('/v2/projects?filter[status]=inactive,archived&per_page=25');
    expect(names(several.body).sort()).toEqual(['Bakker Bistro Fit-out', 'Villa Rosa Outdoor Kitchen']);
    expect((await get('/v2/projects?filter[status]=done')).status).toBe(422);

    const meta = (await get('/v2/projects')).body.meta_data as { filters: { labels: Row[] } };
    const classic = meta.filters.labels.find((label) => label.name === 'Classic');
    expect(classic).toBeDefined();
    const byLabel = await get(`/v2/projects?filter[label]=${classic?.id}&per_page=25`);
    expect(names(byLabel.body).sort()).toEqual(['Bakker Bistro Fit-out', 'Classic Farmhouse Kitchen']);
    expect((await get('/v2/projects?filter[label]=x')).status).toBe(422);

    const parent = top(await get('/v2/projects?filter[search]=Van Dijk Family'));
    const children = await get(`/v2/projects?filter[parent_id]=${parent.id}`);
    expect(names(children.body)).toEqual(['Van Dijk Pantry Extension']);
    const roots = await get('/v2/projects?filter[parent_id]=null&per_page=100');
    expect(roots.body.meta.total).toBe((await get('/v2/projects')).body.meta.total);

    const portal = t.host('acme', 'customerportal');
    const favourites = await get('/v2/projects?filter[favorited]=1&per_page=25', 'viewer', portal);
    expect(names(favourites.body).sort()).toEqual(['Classic Farmhouse Kitchen', 'Showroom Amsterdam 2026']);
    expect(favourites.body.data.every((row) => row.is_favorited === true)).toBe(true);
    const editorFavourites = await get('/v2/projects?filter[favorited]=1');
    expect(editorFavourites.body.data).toEqual([]);
  });

  it('answers the labels in use in meta_data.filters.labels, for the filter menu', async () => {
    const res = await get('/v2/projects');
    const labels = (res.body.meta_data as { filters: { labels: Row[] } }).filters.labels;
    expect(labels.map((label) => label.name)).toEqual(['Classic', 'Modern', 'Outdoor', 'Showroom', 'Urgent']);
    expect(labels[0]).toEqual({ id: expect.any(Number), name: 'Classic', color: expect.stringMatching(/^#/) });
  });

  it('sorts the requester’s favourites first on customerportal only', async () => {
    const portal = t.host('acme', 'customerportal');
    const onPortal = await get('/v2/projects?sort=name&per_page=25', 'viewer', portal);
    expect(onPortal.status).toBe(200);
    expect(names(onPortal.body).slice(0, 2)).toEqual(['Classic Farmhouse Kitchen', 'Showroom Amsterdam 2026']);
    const plain = await get('/v2/projects?sort=name&per_page=25&favorites_first=0', 'viewer', portal);
    expect(names(plain.body)).toEqual([...names(plain.body)].sort((a, b) => String(a).localeCompare(String(b))));
    expect((await get('/v2/projects?favorites_first=maybe', 'viewer', portal)).status).toBe(422);
    const onHatch = await get('/v2/projects?sort=name&per_page=25', 'admin');
    expect(onHatch.body.data[0]?.name).toBe('Bakker Bistro Fit-out');
  });

  it('shows labels, members and derived fields', async () => {
    const res = await get('/v2/projects?filter[search]=Van Dijk Family');
    const row = top(res);
    expect(row.labels).toEqual([
      { id: expect.any(Number), name: 'Modern', color: expect.any(String) },
      { id: expect.any(Number), name: 'Urgent', color: expect.any(String) },
    ]);
    expect((row.users as Row[]).map((user) => user.name)).toEqual(['Eddie Editor', 'Vera Viewer']);
    expect(row.status_color).toBe('#2f9e44');
    expect(row.preview_image).toMatch(new RegExp(`^/v2/projects/${row.id}/preview-image\\?v=\\d+$`));
    const image = await t.request(row.preview_image as string, { token: await token('editor') });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toMatch(/svg/);
  });

  it('puts a project deleted 40 days ago at 0 days left and one of 5 days ago at 25', async () => {
    const res = await get('/v2/projects?trashed=1');
    const byName = new Map(res.body.data.map((row) => [row.name, row]));
    expect(byName.get('Old Showroom 2023')?.days_left_to_restore).toBe(25);
    expect(byName.get('Cancelled Pop-up Kitchen')?.days_left_to_restore).toBe(0);
    expect(names(res.body)).toEqual(['Old Showroom 2023', 'Cancelled Pop-up Kitchen']);
  });

  it('reads one project, 404 for a trashed one and for another tenant’s', async () => {
    const list = await get('/v2/projects?filter[search]=Showroom Amsterdam');
    const id = top(list).id as number;
    const one = await t.request<{ data: Row }>(`/v2/projects/${id}`, { token: await token('editor') });
    expect(one.status).toBe(200);
    expect(one.body.data.name).toBe('Showroom Amsterdam 2026');
    const fields = await t.request<{ data: Row }>(`/v2/projects/${id}?included_fields=name`, {
      token: await token('editor'),
    });
    expect(fields.body.data).toEqual({ name: 'Showroom Amsterdam 2026' });
    const trashed = top(await get('/v2/projects?trashed=1'));
    expect((await t.request(`/v2/projects/${trashed.id}`, { token: await token('editor') })).status).toBe(404);
    const globex = t.host('globex');
    const other = await t.request(`/v2/projects/${id}`, { token: await token('globex-editor', globex), host: globex });
    expect(other.status).toBe(404);
    const otherImage = await t.request(`/v2/projects/${id}/preview-image`, {
      token: await token('globex-editor', globex),
      host: globex,
    });
    expect(otherImage.status).toBe(404);
    const globexList = await get('/v2/projects?per_page=100', 'globex-editor', globex);
    expect(names(globexList.body).sort()).toEqual(['Globex Flagship Store', 'Globex Staff Canteen']);
    expect((await t.request('/v2/projects/abc', { token: await token('editor') })).status).toBe(422);
  });
});

function top(res: { body: ListBody } | ListBody): Row {
  const body = 'body' in res ? res.body : res;
  const row = body.data[0];
  if (!row) throw new Error('no rows');
  return row;
}
