import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser, waitForPath, waitForSignedInFrame } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/e2e-server.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';

/** 0.05 minutes: the session ends after 3 s without activity. */
const IDLE_MINUTES = '0.05';
const IDLE_MS = 3_000;

describe('idle logout (shell.md §4 Session) on a server with SESSION_IDLE_MINUTES=0.05', () => {
  const e2e = useBrowser();
  let server: RunningServer | undefined;

  beforeAll(async () => {
    server = await startServer({
      label: 'idle',
      webDist: inject('e2eServer').webDist,
      env: { SESSION_IDLE_MINUTES: IDLE_MINUTES },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const port = () => {
    if (!server) throw new Error('the idle-logout server did not start');
    return server.port;
  };

  it('returns an inactive user to /login after about 3 s and clears the session', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login', { port: port() });
    // The idle clock starts when the sign-in answers, so after this instant.
    const beforeSignIn = Date.now();
    await signIn(page, 'editor');
    await waitForSignedInFrame(page, DEMO_USERS.editor.name);
    await waitForPath(page, '/login', 20_000);
    expect(Date.now() - beforeSignIn, 'signed out before the idle time').toBeGreaterThanOrEqual(IDLE_MS);
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await checkScreen(page, 'idle-logged-out');
    // The server agrees: the session is gone, a reload stays on /login.
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await waitForPath(page, '/login');
  });

  it('keeps a remember-me session beyond the idle time', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login', { port: port() });
    await signIn(page, 'editor', { remember: true });
    await waitForSignedInFrame(page, DEMO_USERS.editor.name);
    // Nothing happens on screen to wait for: being still signed in after the idle time is the point.
    await page.waitForTimeout(IDLE_MS * 2);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.reload();
    await waitForSignedInFrame(page, DEMO_USERS.editor.name);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
