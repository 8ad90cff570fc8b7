import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PATTERNS, type RouteId } from '../../apps/web/src/lib/paths/paths.ts';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen, SCREENSHOT_DIR } from '../support/artifacts.ts';
import { signIn, useBrowser } from '../support/browser.ts';
import { type ContentVisit, median, openTimed, ROUTE_TARGET_MS, visitProblem } from '../support/content-ready.ts';
import { HOSTS, type Host } from '../support/hosts.ts';
import { DemoRecords, ROUTE_CASES, ROUTE_IDS, routeUrl } from '../support/route-cases.ts';

/**
 * Issue 27, item 4: every screen a signed-in user reaches shows its own content after a full navigation, and
 * how long that took (each route once; one over the target 3 times, the median counts). The suite checks the
 * content; `npm run bench:routes -w bench` runs this file alone and judges the 1 s target on the timings it
 * writes (decision 0051: a timed assertion in the parallel suite judged the machine's load, not the product).
 * Item 5: screenshots of the main screens on both platforms, for a person to look at.
 */

const RUNS = 3;
/** Where bench:routes wants the timings (JSON), besides the table beside the screenshots; unset in the suite. */
const TIMINGS_FILE = process.env.MESHPORT_ROUTE_TIMINGS_FILE;

const PLATFORMS = [
  { platform: 'hatch', host: HOSTS.acmeHatch },
  { platform: 'customerportal', host: HOSTS.acmeCustomerportal },
] as const;
type Platform = (typeof PLATFORMS)[number]['platform'];

interface RouteTiming {
  route: RouteId;
  url: string;
  platform: Platform;
  runs: number[];
  median: number;
  heading: string;
}

const timings: RouteTiming[] = [];
const demos = new Map<Host, DemoRecords>();

function table(rows: readonly RouteTiming[]): string {
  const sorted = [...rows].sort((a, b) => b.median - a.median);
  const width = Math.max(...sorted.map((row) => row.url.length), 5);
  const lines = sorted.map(
    (row) =>
      `${row.url.padEnd(width)}  ${row.platform.padEnd(14)}  ${String(row.median).padStart(6)}  ${row.runs.join(' / ')}`,
  );
  return [`${'route'.padEnd(width)}  ${'platform'.padEnd(14)}  median  runs (ms)`, ...lines].join('\n');
}

const e2e = useBrowser();

describe('route timings: navigation to content (issue 27, item 4)', { retry: 0 }, () => {
  beforeAll(async () => {
    for (const { host } of PLATFORMS) {
      const [editor, admin] = await Promise.all([
        apiLogin(e2e.port, host, 'editor'),
        apiLogin(e2e.port, host, 'admin'),
      ]);
      demos.set(host, new DemoRecords(apiClient(e2e.port, host, editor), apiClient(e2e.port, host, admin)));
    }
  });

  afterAll(() => {
    if (!timings.length) return;
    const report = table(timings);
    console.info(`Navigation to content, slowest first (target ${ROUTE_TARGET_MS} ms):\n${report}`);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    fs.writeFileSync(path.join(SCREENSHOT_DIR, 'route-timings.txt'), `${report}\n`);
    if (TIMINGS_FILE) fs.writeFileSync(TIMINGS_FILE, JSON.stringify(timings, null, 2));
  });

  it('lists a case for every route of the paths files, /projects/models/create among them', () => {
    expect(Object.keys(ROUTE_CASES).sort()).toEqual([...ROUTE_IDS].sort());
    expect(ROUTE_PATTERNS['model-create']).toBe('/projects/models/create');
    expect(ROUTE_CASES['model-create'].skip).toBeUndefined();
  });

  for (const { platform, host } of PLATFORMS) {
    it(`every signed-in route on ${platform} shows its own content`, {
      timeout: 300_000,
    }, async () => {
      const demo = demos.get(host);
      if (!demo) throw new Error(`no demo records of ${host}`);
      const pages = new Map<'editor' | 'admin', Page>();
      for (const user of ['editor', 'admin'] as const) {
        const page = await e2e.openPage(host, '/login');
        await signIn(page, user);
        pages.set(user, page);
      }
      const problems: string[] = [];
      for (const route of ROUTE_IDS) {
        const routeCase = ROUTE_CASES[route];
        if (routeCase.skip || (routeCase.hatchOnly && platform !== 'hatch')) continue;
        const page = pages.get(routeCase.admin ? 'admin' : 'editor');
        if (!page) throw new Error('no signed-in page');
        const url = await routeUrl(route, demo);
        // Once; for the bench, a route over the target is measured again and judged by the median of three (one
        // slow visit is the machine's, three are the route's). Three visits of every route took over four minutes.
        const visits: ContentVisit[] = [await openTimed(page, e2e.url(host, url))];
        if (TIMINGS_FILE && (visits[0]?.ms ?? 0) > ROUTE_TARGET_MS) {
          for (let run = 1; run < RUNS; run++) visits.push(await openTimed(page, e2e.url(host, url)));
        }
        const problem = visits
          .map((visit) => visitProblem(visit, url.split('?')[0] ?? url, route === 'unauthorized'))
          .find(Boolean);
        if (problem) problems.push(`${url}: ${problem}`);
        const runs = visits.map((visit) => visit.ms);
        timings.push({ route, url, platform, runs, median: median(runs), heading: visits[0]?.heading ?? '' });
      }
      expect(problems, 'routes that did not show their own content').toEqual([]);
    });
  }
});

/** The screens of item 5; those a platform does not have (route guard 'hatch') are left out there. */
const SCREENS: { screen: string; route: RouteId }[] = [
  { screen: 'dashboard', route: 'dashboard' },
  { screen: 'projects', route: 'projects' },
  { screen: 'project-overview', route: 'project-overview' },
  { screen: 'libraries', route: 'libraries' },
  { screen: 'materials', route: 'materials' },
  { screen: 'processor', route: 'processor' },
];

/** Every image of <main> has arrived (previews are part of what a customer sees). */
async function imagesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => [...document.querySelectorAll<HTMLImageElement>('main img')].every((image) => image.complete),
    undefined,
    { timeout: 15_000 },
  );
}

describe('screenshots of the main screens (issue 27, item 5)', () => {
  for (const { platform, host } of PLATFORMS) {
    it(`on ${platform}`, { timeout: 120_000 }, async () => {
      const demo = new DemoRecords(
        apiClient(e2e.port, host, await apiLogin(e2e.port, host, 'editor')),
        apiClient(e2e.port, host, await apiLogin(e2e.port, host, 'admin')),
      );
      const page = await e2e.openPage(host, '/login');
      await signIn(page, 'editor');
      for (const { screen, route } of SCREENS) {
        if (ROUTE_CASES[route].hatchOnly && platform !== 'hatch') continue;
        const url = await routeUrl(route, demo);
        const visit = await openTimed(page, e2e.url(host, url));
        expect(visitProblem(visit, url), url).toBeUndefined();
        await imagesLoaded(page);
        await checkScreen(page, `screen-${platform}-${screen}`);
      }

      const viewerPage = await e2e.openPage(host, '/login', { webgl: true });
      await signIn(viewerPage, 'editor');
      await viewerPage.goto(e2e.url(host, await routeUrl('model-overview', demo)));
      await viewerPage.locator('[data-viewer][data-state="ready"]').waitFor({ timeout: 60_000 });
      await imagesLoaded(viewerPage);
      await checkScreen(viewerPage, `screen-${platform}-model-viewer`);
    });
  }
});
