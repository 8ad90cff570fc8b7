import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import budget from '../../apps/web/scripts/login-budget.json' with { type: 'json' };
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/browser.ts';
import { hostUrl } from '../support/e2e-server.ts';
import { HOSTS } from '../support/hosts.ts';

interface ScriptSize {
  path: string;
  /** Bytes on the wire (the body as sent, compressed or not). */
  transferred: number;
  /** The decoded body gzipped at level 9, as apps/web/scripts/budget.mjs measures a chunk. */
  gzip9: number;
}

const kb = (bytes: number) => bytes / 1024;

function isScript(response: Response): boolean {
  if (response.request().resourceType() === 'script') return true;
  // a <link rel="modulepreload"> may be typed 'other' by the browser; its content type tells
  return /javascript/.test(response.headers()['content-type'] ?? '');
}

async function sizeOf(response: Response): Promise<ScriptSize> {
  const body = await response.body();
  const { responseBodySize } = await response.request().sizes();
  return {
    path: new URL(response.url()).pathname,
    transferred: responseBodySize,
    gzip9: gzipSync(body, { level: 9 }).length,
  };
}

/**
 * Issue 27 item 4: the JavaScript a browser loads for /login (every script the page requests until the form can be
 * used: the entry, its module preloads and the dynamic imports of the login screen), gzip, stays within the budget
 * that scripts/budget.mjs checks on the build.
 */
describe('login route JavaScript budget', () => {
  const { port } = inject('e2eServer');
  let browser: Browser | undefined;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(`loads at most ${budget.limitKb} KB gzip of script on a fresh browser context`, async () => {
    if (!browser) throw new Error('the browser is launched in beforeAll');
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    try {
      const scripts: Response[] = [];
      context.on('response', (response) => {
        if (isScript(response)) scripts.push(response);
      });
      const page = await context.newPage();
      await page.goto(hostUrl(port, HOSTS.acmeHatch, '/login'));
      const form = page.getByRole('form', { name: 'Login' });
      await form.getByRole('textbox', { name: 'Username or e-mail' }).waitFor();
      await form.getByRole('button', { name: 'Login', exact: true }).waitFor();
      await page.waitForLoadState('networkidle');

      const sizes = await Promise.all(scripts.map(sizeOf));
      const transferred = sizes.reduce((sum, script) => sum + script.transferred, 0);
      const gzip9 = sizes.reduce((sum, script) => sum + script.gzip9, 0);
      const lines = [...sizes]
        .sort((a, b) => b.gzip9 - a.gzip9)
        .map(
          (s) =>
            `${kb(s.gzip9).toFixed(1).padStart(7)} KB gzip-9 ${kb(s.transferred).toFixed(1).padStart(7)} KB sent  ${s.path}`,
        );
      console.info(
        [
          `/login loads ${sizes.length} scripts: ${kb(gzip9).toFixed(1)} KB gzip-9, ${kb(transferred).toFixed(1)} KB transferred (limit ${budget.limitKb} KB gzip)`,
          ...lines,
        ].join('\n'),
      );

      expect(
        sizes.some((script) => /^\/assets\/index-[\w-]+\.js$/.test(script.path)),
        'the entry is recorded',
      ).toBe(true);
      expect(
        sizes.some((script) => /^\/assets\/login\.page-[\w-]+\.js$/.test(script.path)),
        'the login screen, a dynamic import, is recorded',
      ).toBe(true);
      expect(new Set(sizes.map((script) => script.path)).size, 'each script is requested once').toBe(sizes.length);
      expect(kb(gzip9)).toBeLessThanOrEqual(budget.limitKb);
    } finally {
      await context.close();
    }
  });
});
