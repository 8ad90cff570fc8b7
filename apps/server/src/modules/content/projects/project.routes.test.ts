import { type ListInputQuery, projectEndpoints } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type ListBody,
  listContractTests,
  type Row,
  typedCall,
  typedCount,
} from '#modules/content/shared/content-list.test-helpers.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('projects', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token, auth } = signInDemoUsers<ListBody>(() => t);
  const call = typedCall(() => t, auth);
  const count = typedCount(() => t, auth);
  const list = async (
    query: ListInputQuery<typeof projectEndpoints.list>,
    who?: string | { token: string; host: string },
  ) => await call(projectEndpoints.list, { query }, who);
  const names = (body: { data: { name?: string }[] }) => body.data.map((row) => row.name);

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
    const top = await list({ per_page: 100 });
    expect(names(top)).not.toContain('Van Dijk Pantry Extension');
    expect(top.data.every((row) => row.parent_id === null)).toBe(true);
    const all = await list({ per_page: 100, include_sub_projects: true });
    expect(names(all)).toContain('Van Dijk Pantry Extension');
    expect(all.meta.total).toBe(top.meta.total + 1);
    expect(await count(projectEndpoints.list, { query: { include_sub_projects: true } })).toBe(all.meta.total);
    expect((await get('/v2/projects?include_sub_projects=maybe')).status).toBe(422);
  });

  it('filters by search, status, label, parent and favourite', async () => {
    const search = await list({ filter: { search: 'van dijk' }, include_sub_projects: true });
    expect(names(search).sort()).toEqual(['Van Dijk Family Kitchen', 'Van Dijk Pantry Extension']);
    const byDescription = await list({ filter: { search: 'pizza oven' } });
    expect(names(byDescription)).toEqual(['Villa Rosa Outdoor Kitchen']);
    const archived = await list({ filter: { status: 'archived' } });
    expect(names(archived)).toEqual(['Bakker Bistro Fit-out']);
    const several = await list({ filter: { status: 'inactive,archived' }, per_page: 25 });
    expect(names(several).sort()).toEqual(['Bakker Bistro Fit-out', 'Villa Rosa Outdoor Kitchen']);
    expect((await get('/v2/projects?filter[status]=done')).status).toBe(422);

    const meta = (await list({})).meta_data;
    const classic = meta?.filters.labels.find((label) => label.name === 'Classic');
    expect(classic).toBeDefined();
    const byLabel = await list({ filter: { label: String(classic?.id) }, per_page: 25 });
    expect(names(byLabel).sort()).toEqual(['Bakker Bistro Fit-out', 'Classic Farmhouse Kitchen']);
    expect((await get('/v2/projects?filter[label]=x')).status).toBe(422);

    const parent = top(await list({ filter: { search: 'Van Dijk Family' } }));
    const children = await list({ filter: { parent_id: String(parent.id) } });
    expect(names(children)).toEqual(['Van Dijk Pantry Extension']);
    const roots = await list({ filter: { parent_id: 'null' }, per_page: 100 });
    expect(roots.meta.total).toBe((await list({})).meta.total);

    // The viewer works on customerportal.
    const favourites = await list({ filter: { favorited: '1' }, per_page: 25 }, 'viewer');
    expect(names(favourites).sort()).toEqual(['Classic Farmhouse Kitchen', 'Showroom Amsterdam 2026']);
    expect(favourites.data.every((row) => row.is_favorited === true)).toBe(true);
    const editorFavourites = await list({ filter: { favorited: '1' } });
    expect(editorFavourites.data).toEqual([]);
  });

  it('answers the labels in use in meta_data.filters.labels, for the filter menu', async () => {
    const res = await list({});
    const labels = res.meta_data?.filters.labels ?? [];
    expect(labels.map((label) => label.name)).toEqual(['Classic', 'Modern', 'Outdoor', 'Showroom', 'Urgent']);
    expect(labels[0]).toEqual({ id: expect.any(Number), name: 'Classic', color: expect.stringMatching(/^#/) });
  });

  it('sorts the requester’s favourites first on customerportal only', async () => {
    const portal = t.host('acme', 'customerportal');
    const onPortal = await list({ sort: 'name', per_page: 25 }, 'viewer');
    expect(names(onPortal).slice(0, 2)).toEqual(['Classic Farmhouse Kitchen', 'Showroom Amsterdam 2026']);
    const plain = await list({ sort: 'name', per_page: 25, favorites_first: false }, 'viewer');
    expect(names(plain)).toEqual([...names(plain)].sort((a, b) => String(a).localeCompare(String(b))));
    expect((await get('/v2/projects?favorites_first=maybe', 'viewer', portal)).status).toBe(422);
    const onHatch = await list({ sort: 'name', per_page: 25 }, 'admin');
    expect(onHatch.data[0]?.name).toBe('Bakker Bistro Fit-out');
  });

  it('shows labels, members and derived fields', async () => {
    const row = top(await list({ filter: { search: 'Van Dijk Family' } }));
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
    const res = await list({ trashed: true });
    const byName = new Map(res.data.map((row) => [row.name, row]));
    expect(byName.get('Old Showroom 2023')?.days_left_to_restore).toBe(25);
    expect(byName.get('Cancelled Pop-up Kitchen')?.days_left_to_restore).toBe(0);
    expect(names(res)).toEqual(['Old Showroom 2023', 'Cancelled Pop-up Kitchen']);
  });

  it('reads one project, 404 for a trashed one and for another tenant’s', async () => {
    const id = top(await list({ filter: { search: 'Showroom Amsterdam' } })).id as number;
    const one = await call(projectEndpoints.get, { params: { id } });
    expect(one.data.name).toBe('Showroom Amsterdam 2026');
    const fields = await t.request<{ data: Row }>(`/v2/projects/${id}?included_fields=name`, {
      token: await token('editor'),
    });
    expect(fields.body.data).toEqual({ name: 'Showroom Amsterdam 2026' });
    const trashed = top(await list({ trashed: true }));
    expect((await t.request(`/v2/projects/${trashed.id}`, { token: await token('editor') })).status).toBe(404);
    const globex = t.host('globex');
    const other = await t.request(`/v2/projects/${id}`, { token: await token('globex-editor', globex), host: globex });
    expect(other.status).toBe(404);
    const otherImage = await t.request(`/v2/projects/${id}/preview-image`, {
      token: await token('globex-editor', globex),
      host: globex,
    });
    expect(otherImage.status).toBe(404);
    const globexList = await list({ per_page: 100 }, { token: await token('globex-editor', globex), host: globex });
    expect(names(globexList).sort()).toEqual(['Globex Flagship Store', 'Globex Staff Canteen']);
    expect((await t.request('/v2/projects/abc', { token: await token('editor') })).status).toBe(422);
  });
});

function top(page: { data: Row[] }): Row {
  const row = page.data[0];
  if (!row) throw new Error('no rows');
  return row;
}
