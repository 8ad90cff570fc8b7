import {
  type ApiClient,
  libraryEndpoints,
  libraryItemEndpoints,
  materialCategoryEndpoints,
  materialEndpoints,
  projectEndpoints,
  projectModelEndpoints,
} from '@meshport/contract';
import { httpRequest } from '@meshport/contract/node-http';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SLOTS } from '../../apps/server/src/dev/demo/demo-slots.ts';
import { ACME, GLOBEX, type TenantContent } from '../../apps/server/src/dev/seed/demo-content.data.ts';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen } from '../support/artifacts.ts';
import { navigateInApp, signIn, useBrowser } from '../support/browser.ts';
import { BASE_DOMAIN } from '../support/e2e-server.ts';
import { DEMO_USERS, type DemoUsername, HOSTS, type Host } from '../support/hosts.ts';

/**
 * Issue 27: the demo as `npm start` makes it on a fresh data folder (the suite's server starts that way and
 * waits for "Demo ready"): every record that says FINISHED was processed for real and opens in the viewer,
 * every preview is a render, nothing is left QUEUED or PROCESSING.
 */

/** The demo files that are broken on purpose (`apps/server/src/dev/demo/demo-catalogue.ts`). */
const BROKEN = ['Outdoor Grill Station', 'Sink Unit 80cm'];
const ENDED = ['FINISHED', 'FAILED', 'CANCELLED', 'ARCHIVED'];
const READY_TIMEOUT_MS = 60_000;

interface Processed {
  id: number;
  name: string;
  status: string;
  preview_image_url: string | null;
  /** Models: the project they belong to. */
  project_id?: number;
  latest_geometry_event?: { message?: string | null } | null;
}

interface DemoTenant {
  hatch: Host;
  portal: Host;
  user: DemoUsername;
  content: TenantContent;
  /** A demo library and a material category whose pages show previews. */
  library: string;
  category: string;
}

const TENANTS: DemoTenant[] = [
  {
    hatch: HOSTS.acmeHatch,
    portal: HOSTS.acmeCustomerportal,
    user: 'editor',
    content: ACME,
    library: 'Seating & Lighting',
    category: 'Wood',
  },
  {
    hatch: HOSTS.globexHatch,
    portal: HOSTS.globexCustomerportal,
    user: 'globex-editor',
    content: GLOBEX,
    library: 'Store Fixtures',
    category: 'Finishes',
  },
];

/**
 * The demo's live models and items (other specs add their own records to the same server, some failing on
 * purpose); every one the demo data names is there.
 */
async function processedRecords(api: ApiClient, content: TenantContent) {
  const query = { per_page: 100 } as const;
  const live = <T extends { name: string; deletedDaysAgo?: number }>(records: T[]) =>
    new Set(records.filter((record) => !record.deletedDaysAgo).map((record) => record.name));
  const demo = (rows: Processed[], names: Set<string>) => {
    const found = rows.filter((row) => names.has(row.name));
    expect(found.map((row) => row.name).sort()).toEqual([...names].sort());
    return found;
  };
  const models = demo(
    (await api.call(projectModelEndpoints.list, { query })).data as Processed[],
    live(content.models),
  );
  const items = demo((await api.call(libraryItemEndpoints.list, { query })).data as Processed[], live(content.items));
  return { models, items };
}

/** Every preview image the page shows: where it comes from, and how much its pixels vary (a flat image is no render). */
function previewsOn(page: Page) {
  return page.evaluate(async () => {
    const images = [...document.querySelectorAll<HTMLImageElement>('main img')].filter((img) =>
      /preview-image/.test(img.currentSrc || img.src),
    );
    return Promise.all(
      images.map(async (img) => {
        await img.decode().catch(() => undefined);
        const canvas = document.createElement('canvas');
        canvas.width = 32;
        canvas.height = 32;
        const context = canvas.getContext('2d');
        if (!context || !img.naturalWidth) return { src: img.src, loaded: false, spread: 0 };
        context.drawImage(img, 0, 0, 32, 32);
        const { data } = context.getImageData(0, 0, 32, 32);
        let sum = 0;
        let squares = 0;
        for (let i = 0; i < data.length; i += 4) {
          const grey = 0.3 * (data[i] ?? 0) + 0.59 * (data[i + 1] ?? 0) + 0.11 * (data[i + 2] ?? 0);
          sum += grey;
          squares += grey * grey;
        }
        const n = data.length / 4;
        return { src: img.src, loaded: true, spread: Math.sqrt(Math.max(0, squares / n - (sum / n) ** 2)) };
      }),
    );
  });
}

describe('the demo as a first start makes it (issue 27)', { timeout: 600_000 }, () => {
  const e2e = useBrowser();
  const apis = new Map<Host, ApiClient>();

  beforeAll(async () => {
    for (const tenant of TENANTS) {
      apis.set(tenant.hatch, apiClient(e2e.port, tenant.hatch, await apiLogin(e2e.port, tenant.hatch, tenant.user)));
    }
  });
  const api = (host: Host) => apis.get(host) as ApiClient;

  it('leaves nothing running: every model and item ended, only the broken files failed, each saying why', async () => {
    for (const tenant of TENANTS) {
      const { models, items } = await processedRecords(api(tenant.hatch), tenant.content);
      expect(models.length + items.length).toBeGreaterThan(0);
      for (const record of [...models, ...items]) {
        expect(ENDED, `${record.name} is ${record.status}`).toContain(record.status);
        if (record.status === 'FAILED') {
          expect(BROKEN).toContain(record.name);
          expect(record.latest_geometry_event?.message ?? '').toMatch(/\w{3,}.*\w{3,}/);
        } else {
          expect(BROKEN).not.toContain(record.name);
        }
      }
      const materials = (await api(tenant.hatch).call(materialEndpoints.list, { query: { per_page: 100 } })).data;
      for (const material of materials) expect(material.preview_image_url, material.name).toBeTruthy();
    }
  });

  it('makes the demo kitchens configurable: named slots of the processed file with their finishes, read by the salesperson on customerportal, exported with every finish', async () => {
    const models = (await api(HOSTS.acmeHatch).call(projectModelEndpoints.list, { query: { per_page: 100 } })).data;
    const portal = HOSTS.acmeCustomerportal;
    const token = await apiLogin(e2e.port, portal, 'sales');
    const sales = apiClient(e2e.port, portal, token);
    for (const [name, wanted] of Object.entries(DEMO_SLOTS)) {
      const model = models.find((row) => row.name === name && row.status === 'FINISHED');
      expect(model, `${name} is FINISHED`).toBeDefined();
      const id = model?.id as number;
      const slots = (await sales.call(projectModelEndpoints.materialSlots, { params: { id } })).data;
      for (const [source, demo] of Object.entries(wanted)) {
        const slot = slots.find((s) => s.source_name === source);
        expect(slot, `${name}: the file has a material ${source}`).toBeDefined();
        expect(slot?.name).toBe(demo.name);
        expect(slot?.materials.map((m) => m.name).sort()).toEqual([...(demo.materials ?? [])].sort());
        expect(slot?.default_material?.name ?? null).toBe(demo.materials?.[0] ?? null);
      }
      const finishes = [...new Set(Object.values(wanted).flatMap((demo) => demo.materials ?? []))].sort();
      const glb = await httpRequest(`http://127.0.0.1:${e2e.port}`, `/v2/projects/models/${id}/files/variants-glb`, {
        host: `${portal}.${BASE_DOMAIN}:${e2e.port}`,
        token,
      });
      expect(glb.status, glb.text.slice(0, 200)).toBe(200);
      expect(glb.raw.subarray(0, 4).toString('latin1')).toBe('glTF');
      const json = JSON.parse(glb.raw.subarray(20, 20 + glb.raw.readUInt32LE(12)).toString('utf8')) as {
        extensions?: { KHR_materials_variants?: { variants: { name: string }[] } };
      };
      const variants = json.extensions?.KHR_materials_variants?.variants.map((v) => v.name).sort();
      expect(variants, `${name}: its variants`).toEqual(finishes);
    }
    // The salesperson's view of the island: its finishes and the export beside the plain GLB.
    const island = models.find((row) => row.name === 'Island with Breakfast Bar')?.id as number;
    const page = await e2e.openPage(portal, '/login', { webgl: true });
    await signIn(page, 'sales');
    await page.getByRole('button', { name: `Account menu of ${DEMO_USERS.sales.name}` }).waitFor();
    await navigateInApp(page, `/projects/models/overview/${island}`);
    await page.getByRole('heading', { name: 'Island with Breakfast Bar', level: 1 }).waitFor();
    await page.locator('[data-viewer][data-state="ready"]').waitFor({ timeout: READY_TIMEOUT_MS });
    const download = page.getByRole('link', { name: 'Download with finishes (GLB)' });
    expect(await download.getAttribute('href')).toBe(`/v2/projects/models/${island}/files/variants-glb`);
    await checkScreen(page, 'demo-sales-island-finishes');
    await page.context().close();
  });

  it('shows renders as previews: records, projects, libraries and categories, on both platforms', async () => {
    for (const tenant of TENANTS) {
      const hatch = api(tenant.hatch);
      const { models, items } = await processedRecords(hatch, tenant.content);
      for (const record of [...models, ...items].filter((r) => r.status === 'FINISHED' || r.status === 'ARCHIVED')) {
        expect(record.preview_image_url, record.name).toBeTruthy();
      }
      const projects = (await hatch.call(projectEndpoints.list, { query: { per_page: 100 } })).data;
      const withModels = new Set(models.filter((m) => m.status === 'FINISHED').map((m) => m.project_id));
      for (const project of projects) {
        if (withModels.has(project.id)) expect(project.preview_image, project.name).toBeTruthy();
      }
      const libraries = (await hatch.call(libraryEndpoints.list, { query: { per_page: 100 } })).data;
      expect(libraries.some((library) => library.preview_image)).toBe(true);
      const categories = (await hatch.call(materialCategoryEndpoints.list, { query: { per_page: 100 } })).data;
      expect(categories.some((category) => category.preview_image_url)).toBe(true);

      // Where previews are shown, on pages other specs' records cannot crowd out: a demo project's overview, a demo
      // library's items, a demo category's materials (the dashboard's slider shows one recent project, often a spec's).
      const finishedModel = models.find((model) => model.status === 'FINISHED');
      const library = libraries.find((row) => row.name === tenant.library);
      const category = categories.find((row) => row.name === tenant.category);
      if (!finishedModel || !library || !category) throw new Error(`the demo of ${tenant.hatch} is incomplete`);
      const project = `/projects/overview/${finishedModel.project_id}`;
      const pages: [Host, string][] = [
        [tenant.hatch, project],
        [tenant.hatch, `/libraries/${library.id}`],
        [tenant.hatch, `/materials/categories/${category.id}`],
        [tenant.portal, project],
        [tenant.portal, `/libraries/${library.id}`],
      ];
      for (const [host, path] of pages) {
        const page = await e2e.openPage(host, '/login');
        await signIn(page, tenant.user);
        await page.getByRole('button', { name: `Account menu of ${DEMO_USERS[tenant.user].name}` }).waitFor();
        await page.goto(e2e.url(host, path));
        await page.locator('main img[src*="preview-image"]').first().waitFor();
        const shown = await previewsOn(page);
        expect(shown.length, `${host}${path}`).toBeGreaterThan(0);
        for (const image of shown) {
          expect(image.loaded, image.src).toBe(true);
          expect(image.src).not.toMatch(/\.svg|svg\+xml/);
          // A render has a model in front of a background; a drawing or a blank frame is flat.
          expect(image.spread, image.src).toBeGreaterThan(6);
        }
        if (tenant.user === 'editor')
          await checkScreen(page, `demo-${host}-${path === '/' ? 'dashboard' : path.slice(1)}`);
        await page.context().close();
      }
    }
  });

  it('opens every FINISHED model and item in the viewer on hatch, and models on customerportal', async () => {
    for (const tenant of TENANTS) {
      const { models, items } = await processedRecords(api(tenant.hatch), tenant.content);
      const finished = (records: Processed[]) => records.filter((record) => record.status === 'FINISHED');
      const modelPath = (id: number) => `/projects/models/overview/${id}`;
      const itemPath = (id: number) => `/libraries/items/overview/${id}`;
      /** Whether the record still says FINISHED: other specs archive or bin a demo record for a moment. */
      const stillFinished = async (kind: 'model' | 'item', id: number) => {
        const read =
          kind === 'model'
            ? api(tenant.hatch).call(projectModelEndpoints.get, { params: { id } })
            : api(tenant.hatch).call(libraryItemEndpoints.get, { params: { id } });
        return read.then(
          ({ data }) => data.status === 'FINISHED',
          () => false,
        );
      };
      const visits: { host: Host; kind: 'model' | 'item'; id: number; name: string }[] = [
        ...finished(models).map((m) => ({ host: tenant.hatch, kind: 'model' as const, id: m.id, name: m.name })),
        ...finished(items).map((i) => ({ host: tenant.hatch, kind: 'item' as const, id: i.id, name: i.name })),
        // The same files and viewer on customerportal: three of its models show its page works.
        ...finished(models)
          .filter((_, index, all) => [0, Math.floor(all.length / 2), all.length - 1].includes(index))
          .map((m) => ({ host: tenant.portal, kind: 'model' as const, id: m.id, name: m.name })),
      ];
      const pages = new Map<Host, Page>();
      const opened: string[] = [];
      for (const { host, kind, id, name } of visits) {
        let page = pages.get(host);
        if (!page) {
          page = await e2e.openPage(host, '/login', { webgl: true });
          await signIn(page, tenant.user);
          await page.getByRole('button', { name: `Account menu of ${DEMO_USERS[tenant.user].name}` }).waitFor();
          pages.set(host, page);
        }
        const open = async (target: Page, reload: boolean) => {
          // From record to record inside the app, as a user goes on; a second try loads the page afresh.
          const path = kind === 'model' ? modelPath(id) : itemPath(id);
          if (reload) await target.goto(e2e.url(host, path));
          else await navigateInApp(target, path);
          // The viewer before drew in software on a shared 2-core machine: that work can hold the
          // next record's first paint, so the heading waits as long as the viewer.
          const started = Date.now();
          await target.getByRole('heading', { name, level: 1 }).waitFor({ timeout: READY_TIMEOUT_MS });
          const headingMs = Date.now() - started;
          if (headingMs > 10_000) console.warn(`${name} on ${host}: its heading took ${headingMs} ms`);
          await target.locator('[data-viewer][data-state="ready"]').waitFor({ timeout: READY_TIMEOUT_MS });
        };
        // Judged by what the record says at the visit (libraries.e2e archives, edits and bins
        // "Wall Cabinet 40cm" meanwhile): one that no longer says FINISHED is left out, one that
        // was away for a moment and says FINISHED again is opened once more.
        if (!(await stillFinished(kind, id))) continue;
        try {
          await open(page, false);
        } catch (error) {
          if (!(await stillFinished(kind, id))) continue;
          console.warn(
            `${name} did not open on ${host} (${String(error).split('\n')[0]}); it says FINISHED: once more`,
          );
          await open(page, true);
        }
        opened.push(`${host} ${name}`);
      }
      for (const page of pages.values()) await page.context().close();
      // Nearly all of them: only the few records other specs touch may be left out.
      expect(opened.length, `${tenant.hatch}: opened of ${visits.length}`).toBeGreaterThanOrEqual(visits.length - 3);
    }
  });
});
