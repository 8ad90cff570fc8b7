import type { Page } from 'playwright-core';

/** The error screens' headings (common.json): a route that lands on one of them did not show its content. */
const ERROR_HEADINGS = ['404 | Page Not Found', 'Unauthorized', 'Unexpected Application Error'];
/** The title of a panel whose call failed (states.loadFailed). */
const LOAD_FAILED = 'This could not be loaded.';

/** Issue 27, item 4: a full navigation shows the screen's content within this (judged by bench:routes). */
export const ROUTE_TARGET_MS = 1000;

export interface ContentVisit {
  /** From the start of the navigation (the document's time origin) to the first frame with the content. */
  ms: number;
  heading: string;
  /** Where the app ended (a redirect shows here). */
  path: string;
  /** Panels that answered "could not be loaded". */
  failedPanels: number;
}

/**
 * In the page: the screen's content is there when the h1 of <main> is visible and nothing in <main> still
 * loads: no aria-busy region, no visible skeleton, no spinner, no "Loading..." status. Answers, at that
 * frame, the document's clock (ms since the navigation started), the heading, the path and the number of
 * panels that failed (`loadFailed`: their title); false before.
 */
function contentShown(loadFailed: string): ContentVisit | false {
  const main = document.querySelector('main');
  const heading = main?.querySelector('h1');
  if (!main || !heading?.checkVisibility()) return false;
  if (main.querySelector('[aria-busy="true"]')) return false;
  const indicators = main.querySelectorAll('.mantine-Skeleton-root[data-visible], .mantine-Loader-root');
  if ([...indicators].some((element) => element.checkVisibility())) return false;
  const statuses = main.querySelectorAll('[role="status"]');
  if ([...statuses].some((element) => /^Loading/.test(element.textContent ?? ''))) return false;
  const failedPanels = [...main.querySelectorAll('[role="alert"]')].filter((alert) =>
    (alert.textContent ?? '').includes(loadFailed),
  ).length;
  return {
    ms: Math.round(performance.now()),
    heading: (heading.textContent ?? '').trim(),
    path: window.location.pathname,
    failedPanels,
  };
}

/** A full navigation to `url`, as a user opening a link, timed until the screen's content is shown. */
export async function openTimed(page: Page, url: string, timeout = 15_000): Promise<ContentVisit> {
  await page.goto(url, { waitUntil: 'commit' });
  const shown = await page.waitForFunction(contentShown, LOAD_FAILED, { polling: 'raf', timeout });
  const visit = await shown.jsonValue();
  await shown.dispose();
  if (!visit) throw new Error(`no content on ${url}`);
  return visit;
}

/** Why a visit did not show the route's own content, or undefined when it did. */
export function visitProblem(visit: ContentVisit, expectedPath: string, errorScreen = false): string | undefined {
  if (visit.path !== expectedPath) return `ended on ${visit.path}`;
  if (!errorScreen && ERROR_HEADINGS.includes(visit.heading)) return `shows "${visit.heading}"`;
  if (visit.failedPanels > 0) return `${visit.failedPanels} panel(s) could not be loaded`;
  return undefined;
}

/** The middle value of an odd count (the lower middle of an even one). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}
