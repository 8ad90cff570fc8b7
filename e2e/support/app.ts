import type { Page } from 'playwright-core';

/** The not-found screen's title, with the tenant logo and a Back button (spec: shell.md §2). */
export const NOT_FOUND_TITLE = '404 | Page Not Found';

/** A screen's first render may wait for its lazy chunk and first call on a loaded machine. */
const FIRST_HEADING_TIMEOUT_MS = 30_000;

/** Whether the page shows the not-found screen (after the app has rendered something). */
export async function showsNotFound(page: Page): Promise<boolean> {
  const notFound = page.getByRole('heading', { name: NOT_FOUND_TITLE });
  const anyHeading = page.getByRole('heading').first();
  await anyHeading.waitFor({ timeout: FIRST_HEADING_TIMEOUT_MS });
  return (await notFound.count()) > 0;
}

export interface ValidatedUser {
  admin: boolean;
  abilities: string[];
  licences: string[];
}

/**
 * The signed-in user as the server describes it: GET /v2/auth/validate from inside the page (its
 * HttpOnly cookie goes along; Node itself cannot resolve *.localhost names).
 */
export async function validatedUser(page: Page): Promise<ValidatedUser> {
  return page.evaluate(async () => {
    const response = await fetch('/v2/auth/validate', { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET /v2/auth/validate answered ${response.status}`);
    const body = (await response.json()) as { user: { admin: boolean; abilities: string[]; licences: string[] } };
    return { admin: body.user.admin, abilities: body.user.abilities, licences: body.user.licences };
  });
}

/**
 * Which of `paths` the app has a screen for, asked of a page signed in as admin (who passes every
 * guard, so the not-found screen means "no route"). Probes a few paths at a time.
 */
export async function existingRoutes(adminPage: Page, paths: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const queue = [...paths];
  const worker = async () => {
    const page = await adminPage.context().newPage();
    try {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        await page.goto(new URL(path, adminPage.url()).toString());
        if (!(await showsNotFound(page))) found.add(path);
      }
    } finally {
      await page.close();
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return found;
}

/** Reads a CSS custom property of <html>, as the tenant theme sets it. */
export async function rootCssVariable(page: Page, name: string): Promise<string> {
  return page.evaluate(
    (variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(),
    name,
  );
}
