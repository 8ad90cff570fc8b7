import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoSeriousA11yViolations, SAVE_EVERY_SCREEN, SCREENSHOT_DIR } from './artifacts.ts';

/**
 * Issue 31: the sizes the browser suite walks the main journeys at, and what it measures on each
 * screen (no horizontal scroll, tap targets of at least 44 × 44 px on touch, no clipped table cell).
 */

export interface DeviceSize {
  name: 'phone' | 'tablet' | 'desktop';
  touch: boolean;
  context: BrowserContextOptions;
}

export const DEVICE_SIZES: readonly DeviceSize[] = [
  {
    name: 'phone',
    touch: true,
    context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
  { name: 'tablet', touch: true, context: { viewport: { width: 820, height: 1180 }, hasTouch: true } },
  { name: 'desktop', touch: false, context: { viewport: { width: 1440, height: 900 } } },
];

/** WCAG 2.5.5 (AAA) and the platforms' guidelines: the smallest tap target on a touch screen. */
export const MIN_TARGET_PX = 44;

/** One element that breaks a rule, described well enough to find it. */
export interface Offender {
  what: string;
  /** 'table' or 'card' when it sits in a list (the lists' own work), '' elsewhere. */
  where: string;
  size: string;
}

export function describeOffenders(offenders: readonly Offender[]): string {
  return offenders
    .map((offender) => `  ${offender.what} ${offender.size}${offender.where ? ` [${offender.where}]` : ''}`)
    .join('\n');
}

/** How far the document scrolls sideways (0 when it fits the window). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/**
 * Visible interactive elements smaller than `min` × `min`. Measured as the user's finger meets them:
 * an input with a <label> together with its labels (a checkbox is tapped through its text); a
 * visually hidden input (1 px) only through its labels. Exempt, narrowly: a link that is an inline
 * part of running text (its block holds more text than the link), which WCAG 2.5.8 exempts too,
 * and elements out of sight above or left of the page (the skip link before it has the focus),
 * inside an inert or aria-hidden subtree (the closed navigation).
 */
export function smallTargets(page: Page, min = MIN_TARGET_PX): Promise<Offender[]> {
  return page.evaluate((minimum) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex="0"]';
    const offenders: { what: string; where: string; size: string }[] = [];
    const union = (rects: DOMRect[]) => {
      const left = Math.min(...rects.map((rect) => rect.left));
      const top = Math.min(...rects.map((rect) => rect.top));
      const right = Math.max(...rects.map((rect) => rect.right));
      const bottom = Math.max(...rects.map((rect) => rect.bottom));
      return { left, top, right, bottom, width: right - left, height: bottom - top };
    };
    const inRunningText = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
      const own = (element.textContent ?? '').trim().length;
      return (block?.textContent ?? '').trim().length > own;
    };
    for (const element of document.querySelectorAll(selector)) {
      if (element.closest('[inert], [aria-hidden="true"]')) continue;
      const own = element.getBoundingClientRect();
      const labels = element instanceof HTMLInputElement ? [...(element.labels ?? [])] : [];
      const labelRects = labels
        .filter((label) => label.checkVisibility())
        .map((label) => label.getBoundingClientRect());
      const ownVisible =
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && own.width > 1 && own.height > 1;
      if (!ownVisible && labelRects.length === 0) continue;
      const rect = union(ownVisible ? [own, ...labelRects] : labelRects);
      if (rect.bottom <= 0 || rect.right <= 0) continue;
      if (inRunningText(element)) continue;
      if (rect.width + 0.5 >= minimum && rect.height + 0.5 >= minimum) continue;
      const name =
        element.getAttribute('aria-label') ||
        (element.textContent ?? '').trim().slice(0, 40) ||
        element.getAttribute('title') ||
        '';
      const type = element.getAttribute('type');
      offenders.push({
        what: `<${element.tagName.toLowerCase()}${type ? ` type=${type}` : ''}> "${name}"`,
        where: element.closest('table') ? 'table' : element.closest('[class*="card" i]') ? 'card' : '',
        size: `${Math.round(rect.width)}×${Math.round(rect.height)}`,
      });
    }
    return offenders;
  }, min);
}

/**
 * Table cells whose text is cut: the cell, or an element in it that hides its overflow, is wider
 * inside than out, and the cut is not an ellipsis with the whole text in a title.
 */
export function clippedCells(page: Page): Promise<Offender[]> {
  return page.evaluate(() => {
    const offenders: { what: string; where: string; size: string }[] = [];
    const explained = (element: Element, cell: Element) => {
      if (getComputedStyle(element).textOverflow !== 'ellipsis') return false;
      const titled = element.closest('[title]');
      return titled !== null && (cell.contains(titled) || titled === cell);
    };
    for (const cell of document.querySelectorAll('td, th')) {
      if (!cell.checkVisibility() || cell.closest('[inert], [aria-hidden="true"]')) continue;
      const cut = [cell, ...cell.querySelectorAll('*')].find((element) => {
        if (element.scrollWidth <= element.clientWidth + 1) return false;
        // Visually hidden text (a 1 px box, for screen readers) is not cut, it is not shown.
        if (element.clientWidth <= 1 && element.clientHeight <= 1) return false;
        if (element !== cell && getComputedStyle(element).overflowX === 'visible') return false;
        return !explained(element, cell);
      });
      if (!cut) continue;
      offenders.push({
        what: `<${cell.tagName.toLowerCase()}> "${(cell.textContent ?? '').trim().slice(0, 40)}"`,
        where: 'table',
        size: `${cut.scrollWidth} in ${cut.clientWidth}px`,
      });
    }
    return offenders;
  });
}

/**
 * Tables that scroll sideways inside their box: columns out of sight without a hint (issue 31:
 * "its Modified column out of sight"). A list yields columns or becomes cards instead.
 */
export function sidewaysTables(page: Page): Promise<Offender[]> {
  return page.evaluate(() => {
    const offenders: { what: string; where: string; size: string }[] = [];
    for (const table of document.querySelectorAll('table')) {
      if (!table.checkVisibility()) continue;
      let box = table.parentElement;
      while (box && box !== document.body && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      if (!box || box === document.body) continue;
      if (box.scrollWidth <= box.clientWidth + 1) continue;
      const name =
        table.getAttribute('aria-label') ??
        document.getElementById(table.getAttribute('aria-labelledby') ?? '')?.textContent ??
        '';
      offenders.push({
        what: `<table> "${name.trim().slice(0, 40)}"`,
        where: 'table',
        size: `${box.scrollWidth} in ${box.clientWidth}px`,
      });
    }
    return offenders;
  });
}

/**
 * The screen has settled: the h1 of <main> is visible and nothing in <main> is still loading (no
 * aria-busy region, no visible skeleton or loader).
 */
export async function waitForSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    if (!main?.querySelector('h1')?.checkVisibility()) return false;
    if (main.querySelector('[aria-busy="true"]')) return false;
    const loading = main.querySelectorAll('.mantine-Skeleton-root[data-visible], .mantine-Loader-root');
    return ![...loading].some((element) => element.checkVisibility());
  });
}

/**
 * A picture of the whole page as the device shows it. Playwright's full-page capture re-emulates
 * the screen and drops the touch emulation of a non-mobile context (a tablet is then drawn with
 * desktop controls): the window is made as tall as the page instead, then given back its height.
 */
export async function deviceScreenshot(page: Page, name: string): Promise<string> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('deviceScreenshot needs a page with a fixed viewport');
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9-]+/gi, '-')}.png`);
  if (!SAVE_EVERY_SCREEN) return file;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  try {
    await page.screenshot({ path: file, animations: 'disabled' });
  } finally {
    await page.setViewportSize(viewport);
  }
  return file;
}

/** One screen at one size, measured: sideways scroll, 44 px targets on touch, clipped cells, sideways tables; a screenshot; axe. */
export async function checkLayout(page: Page, name: string, size: DeviceSize, axe = true): Promise<void> {
  expect.soft(await horizontalOverflow(page), `${name}: the page scrolls sideways by so many px`).toBe(0);
  if (size.touch) {
    const small = await smallTargets(page);
    expect.soft(small, `${name}: tap targets under 44 × 44 px:\n${describeOffenders(small)}`).toEqual([]);
  }
  const clipped = await clippedCells(page);
  expect.soft(clipped, `${name}: clipped table cells:\n${describeOffenders(clipped)}`).toEqual([]);
  const sideways = await sidewaysTables(page);
  expect.soft(sideways, `${name}: tables scrolling columns out of sight:\n${describeOffenders(sideways)}`).toEqual([]);
  await deviceScreenshot(page, `devices-${name}`);
  if (axe) await expectNoSeriousA11yViolations(page, name);
}
