import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { hostUrl } from './e2e-server.ts';
import { DEMO_PASSWORD, type DemoUsername, type Host } from './hosts.ts';

/** The password field (its label carries the required asterisk; the toggle's label ends in 'password'). */
export const PASSWORD_LABEL = /^Password/;

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Without the background-networking flags Chromium floods the closed network with requests. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** A locator wait longer than this is a failure, not a slow machine. */
const ACTION_TIMEOUT_MS = 10_000;
const NAVIGATION_TIMEOUT_MS = 20_000;

export interface OpenPageOptions {
  /** Another server's port (the idle-logout and maintenance servers); the shared server by default. */
  port?: number;
  context?: BrowserContextOptions;
  /**
   * Let pages draw WebGL (the 3D viewer). Off by default: without a GPU, Chromium draws WebGL on
   * the CPU (SwiftShader), which takes seconds per viewer and slows every other spec; the viewer's
   * own specs turn it on, the others see the viewer's "no WebGL" message.
   */
  webgl?: boolean;
}

/** Makes `canvas.getContext('webgl…')` answer null, as in a browser without WebGL. */
function withoutWebGl(): void {
  const original = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function getContext(
    this: HTMLCanvasElement,
    kind: string,
    ...rest: unknown[]
  ) {
    if (/webgl/i.test(kind)) return null;
    return (original as (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) => RenderingContext | null).call(
      this,
      kind,
      ...rest,
    );
  } as typeof HTMLCanvasElement.prototype.getContext;
}

export interface E2eBrowser {
  /** The shared server's port. */
  readonly port: number;
  /** Absolute URL on a demo host of the shared server (or `port`). */
  url(host: Host, path?: string, port?: number): string;
  /** A fresh, isolated browser context (own cookies and storage) with one page opened at host+path. */
  openPage(host: Host, path?: string, options?: OpenPageOptions): Promise<Page>;
}

/**
 * Registers the browser of one spec file: launched before its tests, every test's contexts closed
 * after the test, the browser closed after the file.
 */
export function useBrowser(): E2eBrowser {
  const { port } = inject('e2eServer');
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const url = (host: Host, path = '/', otherPort = port) => hostUrl(otherPort, host, path);

  return {
    port,
    url,
    async openPage(host, path = '/', options = {}) {
      if (!browser) throw new Error('openPage outside a test: the browser is launched in beforeAll');
      const context = await browser.newContext({
        locale: 'en-US',
        viewport: { width: 1280, height: 800 },
        // The app then opens menus and dialogs without a fade (Mantine's respectReducedMotion): axe and focus
        // checks see them as a user sees them once open, not mid-transition in pale colours.
        reducedMotion: 'reduce',
        ...options.context,
      });
      contexts.push(context);
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
      if (!options.webgl) await context.addInitScript(withoutWebGl);
      const page = await context.newPage();
      await page.goto(url(host, path, options.port));
      return page;
    },
  };
}

/** The path of the page's URL (no host, no query). */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Goes to `path` inside the running app, as its own links do (history.pushState, then the router reads it), instead
 * of loading the page again: the app, its session and its WebGL context stay, as they do for a user moving on.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
  await waitForPath(page, new URL(path, 'http://app.invalid').pathname);
}

/** Waits until the page's path is `path` (client-side navigation included). */
export async function waitForPath(page: Page, path: string, timeout = ACTION_TIMEOUT_MS): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout, waitUntil: 'commit' });
}

export interface SignInOptions {
  remember?: boolean;
  password?: string;
}

/**
 * Signs in through the real login form (opening /login on the page's host first if needed) and
 * waits until the app has left /login. A spec that changes what a user keeps on the server (its
 * language, its settings) signs in as its own member (`createMember`): the demo users are shared by
 * every spec running at the same time.
 */
export async function signIn(
  page: Page,
  who: DemoUsername | { username: string; password: string },
  options: SignInOptions = {},
): Promise<void> {
  if (pathOf(page) !== '/login') await page.goto(new URL('/login', page.url()).toString());
  const form = page.getByRole('form', { name: 'Login' });
  const username = typeof who === 'string' ? who : who.username;
  const password = options.password ?? (typeof who === 'string' ? DEMO_PASSWORD : who.password);
  await form.getByRole('textbox', { name: 'Username or e-mail' }).fill(username);
  await form.getByLabel(PASSWORD_LABEL).fill(password);
  if (options.remember) await form.getByRole('checkbox', { name: 'Remember me' }).check();
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { waitUntil: 'commit' });
}

/** Whether the element of `locator` has the keyboard focus. */
export async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement).catch(() => false);
}

/**
 * The menu a key just opened, once it has the focus as its user sees it: Mantine moves the focus into an opened menu
 * on a timer, and an Escape pressed before that (no person is that quick, a busy test machine's timer can be slow)
 * reaches the menu's button instead, which does not close it.
 */
export async function focusedMenu(page: Page): Promise<Locator> {
  const menu = page.getByRole('menu');
  await menu.waitFor();
  await expect
    .poll(() => menu.evaluate((element) => element.contains(document.activeElement)), {
      message: 'the opened menu has the focus',
    })
    .toBe(true);
  return menu;
}

/** The signed-in frame is on screen: the avatar menu button of `name`. */
export async function waitForSignedInFrame(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Account menu of ${name}` }).waitFor();
}

/**
 * Clicks a link of a list that other specs' writes refresh live (the row is drawn again under the pointer): each
 * attempt resolves the link anew, until one click lands.
 */
export async function clickLiveLink(link: Locator, timeout = ACTION_TIMEOUT_MS * 3): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      await link.click({ timeout: 2000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}
