import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser, waitForSignedInFrame } from '../support/browser.ts';
import { type RunningServer, runMeshportCommand, startServer } from '../support/e2e-server.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';
import { createDatabase, postgresAdminUrl, type ThrowAwayDatabase } from '../support/postgres.ts';

const postgres = await postgresAdminUrl();

describe('full-page states (shell.md §2 Full-page states, §4 Connectivity, §8)', () => {
  const e2e = useBrowser();

  describe.skipIf(postgres.url === null)(`maintenance page on a PostgreSQL-backed server (${postgres.reason})`, () => {
    let database: ThrowAwayDatabase | undefined;
    let server: RunningServer | undefined;

    beforeAll(async () => {
      // The embedded database of the shared server is locked by its process (PGlite is single
      // process), so this spec runs its own server on a throw-away PostgreSQL database.
      database = await createDatabase(postgres.url ?? '');
      await runMeshportCommand('seed', { DATABASE_URL: database.url });
      server = await startServer({
        label: 'maintenance',
        webDist: inject('e2eServer').webDist,
        env: { DATABASE_URL: database.url },
      });
    });
    afterAll(async () => {
      await server?.stop();
      await database?.drop();
    });

    it("shows the server's status text while a planned maintenance window is active", async () => {
      if (!server || !database) throw new Error('the maintenance server did not start');
      const end = new Date(Date.now() + 60 * 60_000);
      await database.query(
        `insert into planned_maintenance (name, description, start_datetime, end_datetime)
         values ($1, $2, now() - interval '1 minute', $3)`,
        ['Database upgrade', 'we are moving to bigger disks', end],
      );
      const page = await e2e.openPage(HOSTS.acmeHatch, '/login', { port: server.port });
      await page.getByRole('heading', { name: 'Database upgrade: we are moving to bigger disks' }).waitFor();
      await page.getByText('This page reloads by itself when we are back.').waitFor();
      await page.getByText(/^We expect to be back at .+\.$/).waitFor();
      await checkScreen(page, 'maintenance');
    });
  });

  it('shows "No Connection" when the browser goes offline, and the app again when it is back', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'editor');
    await waitForSignedInFrame(page, DEMO_USERS.editor.name);
    await page.context().setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await page.getByRole('heading', { name: 'No Connection' }).waitFor();
    await page.getByText('Check your connection and try again').waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await checkScreen(page, 'no-connection');

    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForSignedInFrame(page, DEMO_USERS.editor.name);
    expect(await page.getByRole('heading', { name: 'No Connection' }).count()).toBe(0);
  });
});
