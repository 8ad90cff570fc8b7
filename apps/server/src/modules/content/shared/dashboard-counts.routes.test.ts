import {
  type ApiClient,
  libraryEndpoints,
  projectEndpoints,
  projectModelEndpoints,
  TOP_LEVEL_FILTER_VALUE,
} from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { insiderMembers } from '#test/insider-members.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

/**
 * Issue 31 item 2: the dashboard's tiles and the lists they lead to, from the same data. A tile
 * shows its total (shell.md §7: projects with their sub-projects) and, when that is more than its
 * list holds, the list's count beside the rest; both numbers must be the lists' own.
 */
describeEachDatabase('dashboard counts and their lists', (kind) => {
  let t: TestApp;
  let reader: { token: string; host: string };
  beforeAll(async () => {
    t = await startTestApp(kind);
    // A member holding the tiles' abilities and nothing else.
    const made = await insiderMembers(t, { tiles: ['view-projects', 'list-libraries', 'list-project-models'] });
    reader = { token: made.tiles?.token ?? '', host: t.host('acme') };
  });
  afterAll(() => t.close());
  const { auth } = signInDemoUsers(() => t);

  /** The tile's two numbers, as the dashboard asks for them. */
  async function tiles(api: ApiClient) {
    return {
      projects: {
        total: await api.count(projectEndpoints.list, { query: { include_sub_projects: '1' } }),
        listed: await api.count(projectEndpoints.list),
      },
      libraries: {
        total: await api.count(libraryEndpoints.list),
        listed: await api.count(libraryEndpoints.list, { query: { filter: { parent_id: TOP_LEVEL_FILTER_VALUE } } }),
      },
      models: await api.count(projectModelEndpoints.list),
    };
  }

  /** What the lists show: the first page's total, and the rows beneath the top level. */
  async function lists(api: ApiClient) {
    const projectsPage = await api.call(projectEndpoints.list, { query: { page: 1 } });
    const allProjects = await api.call(projectEndpoints.list, {
      query: { include_sub_projects: '1', per_page: 100, included_fields: ['id', 'parent_id'] },
    });
    const librariesRoot = await api.call(libraryEndpoints.list, {
      query: { filter: { parent_id: TOP_LEVEL_FILTER_VALUE } },
    });
    const allLibraries = await api.call(libraryEndpoints.list, {
      query: { per_page: 100, included_fields: ['id', 'parent_id'] },
    });
    const modelsPage = await api.call(projectModelEndpoints.list, { query: { page: 1 } });
    return {
      projects: projectsPage.meta.total,
      subProjects: allProjects.data.filter((row) => row.parent_id !== null).length,
      libraries: librariesRoot.meta.total,
      subLibraries: allLibraries.data.filter((row) => row.parent_id !== null).length,
      models: modelsPage.meta.total,
    };
  }

  for (const who of ['editor', 'viewer', 'admin', 'tiles member'] as const) {
    it(`agree for ${who}`, async () => {
      const api = t.client(who === 'tiles member' ? reader : await auth(who));
      const [tile, list] = [await tiles(api), await lists(api)];
      expect(tile.projects.listed, 'the projects tile names what the projects list counts').toBe(list.projects);
      expect(tile.projects.total).toBe(list.projects + list.subProjects);
      expect(tile.libraries.listed, 'the libraries tile names what the libraries page counts').toBe(list.libraries);
      expect(tile.libraries.total).toBe(list.libraries + list.subLibraries);
      expect(tile.models).toBe(list.models);
    });
  }

  it('are those of the demo for its editor: 7 projects and 1 sub-project, 5 libraries and 5 below them', async () => {
    const tile = await tiles(t.client(await auth('editor')));
    expect(tile.projects).toEqual({ total: 8, listed: 7 });
    expect(tile.libraries).toEqual({ total: 10, listed: 5 });
  });
});
