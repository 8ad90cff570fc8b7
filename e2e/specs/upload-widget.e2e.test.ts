import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiClient, libraryItemEndpoints, projectEndpoints } from '@meshport/contract';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser, waitForPath } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/e2e-server.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';
import { apiCreateItem, apiCreateModel, HAVE_SAMPLES, sample, spiderObjZip } from '../support/uploads.ts';

const HOST = HOSTS.acmeHatch;
const fileInput = (page: Page) => page.locator('input[type="file"][data-upload-purpose="model"]');

/** A text OBJ of about `megabytes` MB: a long strip of triangles. */
async function bigObj(folder: string, megabytes: number): Promise<string> {
  const lines: string[] = ['# meshport e2e: a large OBJ'];
  let size = 0;
  let index = 0;
  while (size < megabytes * 1_000_000) {
    const x = (index % 1000) * 0.01;
    const z = Math.floor(index / 1000) * 0.01;
    const chunk = `v ${x.toFixed(5)} 0.00000 ${z.toFixed(5)}\nv ${(x + 0.01).toFixed(5)} 0.00000 ${z.toFixed(5)}\nv ${x.toFixed(5)} 0.01000 ${(z + 0.01).toFixed(5)}\n`;
    lines.push(chunk);
    size += chunk.length;
    index++;
  }
  const faces: string[] = [];
  for (let face = 0; face < Math.min(index, 20_000); face++)
    faces.push(`f ${face * 3 + 1} ${face * 3 + 2} ${face * 3 + 3}`);
  const file = path.join(folder, 'big-upload.obj');
  await writeFile(file, `${lines.join('')}${faces.join('\n')}\n`);
  return file;
}

/** Slows the page's uploads down so that there is time to pause and reload mid-way. */
async function throttle(page: Page, bytesPerSecond: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 5,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

async function progressOf(page: Page, name: string): Promise<number> {
  const value = await page.getByRole('progressbar', { name: `Upload of ${name}` }).getAttribute('aria-valuenow');
  return Number(value ?? 0);
}

/** Waits until the file's upload shows at least `percent`. */
async function waitForProgress(page: Page, name: string, percent: number, timeout = 60_000): Promise<number> {
  const until = Date.now() + timeout;
  for (;;) {
    const value = await progressOf(page, name).catch(() => 0);
    if (value >= percent) return value;
    if (Date.now() > until) throw new Error(`${name} stayed at ${value} % (waited for ${percent} %)`);
    await page.waitForTimeout(100);
  }
}

describe('upload widget (tus) in the model and item forms', () => {
  const e2e = useBrowser();
  const stamp = Date.now().toString(36);
  let api: ApiClient;
  let token: string;
  let projectName: string;

  beforeAll(async () => {
    token = await apiLogin(e2e.port, HOST, 'editor');
    api = apiClient(e2e.port, HOST, token);
    projectName = `E2E Uploads ${stamp}`;
    await api.call(projectEndpoints.create, { body: { name: projectName } });
  });

  async function signedIn(pathname: string, port = e2e.port): Promise<Page> {
    const page = await e2e.openPage(HOST, '/login', { port });
    await signIn(page, 'editor');
    await page.getByRole('button', { name: `Account menu of ${DEMO_USERS.editor.name}` }).waitFor();
    await page.goto(e2e.url(HOST, pathname, port));
    return page;
  }

  it('refuses a wrong file beside the field, uploads an FBX with progress and lands on the processor', async () => {
    const page = await signedIn('/projects/models/create');
    await page.getByRole('heading', { name: 'New Model', level: 1 }).waitFor();
    const field = page.getByRole('button', { name: /^3D file/ });
    await field.waitFor();
    await page.getByText(/Accepted: \.fbx, \.obj/).waitFor();

    await fileInput(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not 3D') });
    await page.getByRole('alert').filter({ hasText: 'File is of invalid type' }).waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);

    // Save without anything: the required fields say so, nothing is sent.
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await page.getByText('Required.').count()).toBeGreaterThanOrEqual(2);
    await checkScreen(page, 'upload-model-create-errors');

    if (!HAVE_SAMPLES) return;
    await fileInput(page).setInputFiles(sample('FBX/box.fbx'));
    await page.getByText('Uploaded', { exact: true }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'File is of invalid type' }).count()).toBe(0);
    // The name comes from the file.
    expect(await page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('box');
    await page.getByRole('textbox', { name: /^Name/ }).fill(`E2E Box ${stamp}`);

    const project = page.getByRole('combobox', { name: /^Project/ });
    await project.click();
    await project.fill(projectName);
    await page.getByRole('option', { name: projectName, exact: true }).click();
    await checkScreen(page, 'upload-model-create-finished');

    await page.getByRole('button', { name: 'Save' }).click();
    // Opened from no project: the new model opens (issue 31).
    await page.waitForURL((url) => /^\/projects\/models\/overview\/\d+$/.test(url.pathname), { waitUntil: 'commit' });
    await page.getByRole('heading', { name: `E2E Box ${stamp}`, level: 1 }).waitFor();
  });

  it.skipIf(!HAVE_SAMPLES)('makes two items from two files, each named after its file', async () => {
    const page = await signedIn('/libraries/items/create');
    await page.getByRole('heading', { name: 'New Items', level: 1 }).waitFor();
    await fileInput(page).setInputFiles([sample('OBJ/box.obj'), await spiderObjZip()]);
    await page.getByRole('textbox', { name: /^Name for box\.obj/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('textbox', { name: /^Name for spider-obj\.zip/ }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('textbox', { name: /^Name for box\.obj/ }).inputValue()).toBe('box');
    expect(await page.getByRole('textbox', { name: /^Name for spider-obj\.zip/ }).inputValue()).toBe('spider-obj');
    await page.getByRole('textbox', { name: /^Name for box\.obj/ }).fill(`E2E Crate ${stamp}`);
    await page.getByRole('textbox', { name: /^Name for spider-obj\.zip/ }).fill(`E2E Spider ${stamp}`);
    await checkScreen(page, 'upload-item-create-two-files');
    await page.getByRole('button', { name: 'Save' }).click();
    // Two new items: back to the list the form was opened from (issue 31).
    await waitForPath(page, '/libraries');
    const found = await api.call(libraryItemEndpoints.list, { query: { filter: { search: stamp }, per_page: 25 } });
    expect(found.data.map((item) => item.name).sort()).toEqual([`E2E Crate ${stamp}`, `E2E Spider ${stamp}`]);
  });

  it('resumes a large upload after pause and a reload, from where the server is, and saves it as an item', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'meshport-e2e-upload-'));
    try {
      const file = await bigObj(folder, 60);
      const name = path.basename(file);
      const page = await signedIn('/libraries/items/create');
      await page.getByRole('heading', { name: 'New Items', level: 1 }).waitFor();
      await throttle(page, 4 * 1024 * 1024);
      await fileInput(page).setInputFiles(file);
      await waitForProgress(page, name, 5);
      expect(await page.getByRole('button', { name: 'Waiting for the upload...' }).isDisabled()).toBe(true);
      await page
        .getByText(/ MB\/s/)
        .first()
        .waitFor();
      await page.getByText(/left$/).first().waitFor();
      await checkScreen(page, 'upload-item-create-progress');

      // Pause and resume once.
      await page.getByRole('button', { name: `Pause ${name}` }).click();
      await page.getByText(/^Paused at \d+ %$/).waitFor();
      const paused = await progressOf(page, name);
      await page.waitForTimeout(700);
      expect(await progressOf(page, name)).toBe(paused);
      await page.getByRole('button', { name: `Resume ${name}` }).click();
      await waitForProgress(page, name, Math.max(paused + 5, 25));

      // Reload mid-way: the field offers the unfinished upload with what the server has.
      await page.reload();
      const notice = page.getByRole('status').filter({ hasText: `Unfinished upload: ${name}` });
      await notice.waitFor();
      const noticeText = (await notice.textContent()) ?? '';
      const kept = Number(/, (\d+) %/.exec(noticeText)?.[1] ?? 0);
      expect(kept).toBeGreaterThan(10);
      expect(noticeText).toContain('Choose the same file to continue.');
      await checkScreen(page, 'upload-item-create-unfinished');

      // The same file continues at the server's offset, not from 0.
      await throttle(page, 16 * 1024 * 1024);
      await fileInput(page).setInputFiles(file);
      await notice.waitFor({ state: 'detached' });
      const first = await waitForProgress(page, name, 1);
      expect(first).toBeGreaterThanOrEqual(kept);
      await page.getByText('Uploaded', { exact: true }).waitFor({ timeout: 60_000 });
      expect(await page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('big-upload');
      await page.getByRole('textbox', { name: /^Name/ }).fill(`E2E Big ${stamp}`);
      await checkScreen(page, 'upload-item-create-finished');
      await page.getByRole('button', { name: 'Save' }).click();
      // One new item from no library: it opens (issue 31).
      await page.waitForURL((url) => url.pathname.startsWith('/libraries/items/overview/'), {
        timeout: 20_000,
        waitUntil: 'commit',
      });
      const found = await api.call(libraryItemEndpoints.list, { query: { filter: { search: `E2E Big ${stamp}` } } });
      expect(found.data).toHaveLength(1);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 180_000);

  it.skipIf(!HAVE_SAMPLES)('shows the edit forms with an optional new file that reprocesses', async () => {
    const upload = { port: e2e.port, host: HOST, token };
    const projects = await api.call(projectEndpoints.list, { query: { filter: { search: projectName } } });
    const projectId = projects.data[0]?.id ?? 0;
    const model = await apiCreateModel(api, upload, {
      projectId,
      name: `E2E Edit ${stamp}`,
      file: sample('OBJ/box.obj'),
    });
    // The project of the route is chosen already.
    const page = await signedIn(`/projects/models/create/${projectId}`);
    await page.getByRole('heading', { name: 'New Model', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: /^Project/ }).waitFor();
    expect(await page.getByRole('combobox', { name: /^Project/ }).inputValue()).toBe(projectName);

    await page.goto(e2e.url(HOST, `/projects/models/edit/${model.id}`));
    await page.getByRole('heading', { name: 'Edit Model', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe(`E2E Edit ${stamp}`);
    await page.getByText('Optional. A new file replaces the current one, and the model is processed again.').waitFor();
    await checkScreen(page, 'upload-model-edit');
    await fileInput(page).setInputFiles(sample('FBX/box.fbx'));
    await page.getByText('Uploaded', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, `/projects/models/overview/${model.id}`);

    const item = await apiCreateItem(api, upload, { name: `E2E Item Edit ${stamp}`, file: sample('OBJ/box.obj') });
    await page.goto(e2e.url(HOST, `/libraries/items/edit/${item.id}`));
    await page.getByRole('heading', { name: 'Edit Item', level: 1 }).waitFor();
    await page.getByText('Optional. A new file replaces the current one, and the item is processed again.').waitFor();
    await checkScreen(page, 'upload-item-edit');
  });

  describe('on a server taking at most 1 MB', () => {
    let server: RunningServer | undefined;
    beforeAll(async () => {
      server = await startServer({
        label: 'upload-max',
        webDist: inject('e2eServer').webDist,
        env: { UPLOAD_MAX_BYTES: '1048576' },
      });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('refuses a 2 MB file before sending it', async () => {
      if (!server) throw new Error('the 1 MB server did not start');
      const page = await signedIn('/projects/models/create', server.port);
      await page.getByRole('heading', { name: 'New Model', level: 1 }).waitFor();
      await page.getByText(/At most 1 MB\./).waitFor();
      await fileInput(page).setInputFiles({
        name: 'large.obj',
        mimeType: 'application/octet-stream',
        buffer: Buffer.alloc(2 * 1024 * 1024, 'v 0 0 0\n'),
      });
      await page.getByRole('alert').filter({ hasText: 'File is too large' }).waitFor();
      expect(await page.getByRole('progressbar').count()).toBe(0);
    });
  });
});
