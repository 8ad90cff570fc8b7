import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');
const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/**
 * Whether screens are saved as they are checked. CI keeps no files from its run, so `.ci/run` sets
 * MESHPORT_E2E_SCREENSHOTS=failures: only a screen that fails its axe check is saved there (a full-page capture
 * of each of the ~240 screens took CPU from the specs running beside it).
 */
export const SAVE_EVERY_SCREEN = process.env.MESHPORT_E2E_SCREENSHOTS !== 'failures';

/** Saves a full-page PNG to e2e/screenshots/{name}.png (git-ignored) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9-]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

declare global {
  interface Window {
    axe?: { run(context?: unknown, options?: unknown): Promise<{ violations: AxeViolation[] }> };
  }
}

function describeViolation(violation: AxeViolation): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => {
      const why = (node.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim();
      return `    ${JSON.stringify(node.target)} ${node.html.slice(0, 120)}\n      ${why}`;
    })
    .join('\n');
  return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
}

/**
 * Runs axe-core on the page as it is now (WCAG 2.x A/AA and best practices) and fails the test on
 * any violation of impact 'serious' or 'critical', listing them.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen = page.url()): Promise<number> {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate(() => typeof window.axe !== 'undefined');
  // The app's Content-Security-Policy (rightly) blocks inline scripts, so addScriptTag cannot
  // inject axe; evaluating the source through the DevTools protocol is not subject to the CSP.
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    if (!window.axe) throw new Error('axe-core did not load');
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
    }));
  });
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  // Soft: the test goes on checking behaviour, and still fails at its end when axe found something.
  expect
    .soft(
      serious.length,
      `serious accessibility violations on ${screen}:\n${serious.map(describeViolation).join('\n')}`,
    )
    .toBe(0);
  return serious.length;
}

/**
 * Waits (up to 5 s) until no animation that ends is still running: a screen is judged as it stands, not mid-fade.
 * Endless ones (a loader's spin) are left running.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** Each screen a spec visits: a screenshot (saved first, so it exists when axe fails) and the axe check. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await animationsSettled(page);
  if (SAVE_EVERY_SCREEN) await screenshot(page, name);
  const violations = await expectNoSeriousA11yViolations(page, name);
  if (!SAVE_EVERY_SCREEN && violations > 0) await screenshot(page, name);
}
