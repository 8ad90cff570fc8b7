import { companyEndpoints } from '@meshport/contract';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, type Rgb } from '../../apps/web/src/lib/color/contrast.logic.ts';
import { apiClient, apiLogin } from '../support/api.ts';
import { rootCssVariable } from '../support/app.ts';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser, waitForPath, waitForSignedInFrame } from '../support/browser.ts';
import { findEnglish, visibleTexts } from '../support/english-text.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';
import { createMember } from '../support/users.ts';

const INVALID = 'Not a hex colour: use 3 or 6 hex digits, or 4 or 8 with alpha, such as #1E7A3C.';
const SECTIONS = [
  'Company details',
  'Company demo model',
  'Primary colour',
  'Primary accent',
  'Company logo',
  'Background image',
];

/** The preview's header background as the browser paints it, `rgb(r, g, b)`. */
const headerColour = (preview: Locator) =>
  preview.locator('[data-preview="header"]').evaluate((element) => getComputedStyle(element).backgroundColor);

/** WCAG contrast (the app's own contrast.logic.ts) of two colours written `rgb(r, g, b)` or `#rrggbb`. */
function contrast(first: string, second: string): number {
  const rgb = (colour: string): string | Rgb => {
    if (colour.startsWith('#')) return colour;
    const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
    return [r, g, b];
  };
  return contrastRatio(rgb(first), rgb(second));
}

/** The contrast of an element's text on its background, as the browser paints them. */
async function paintedContrast(element: Locator): Promise<number> {
  const [text = '', background = ''] = await element.evaluate((node) => {
    const style = getComputedStyle(node);
    return [style.color, style.backgroundColor];
  });
  return contrast(text, background);
}

/**
 * Issue 31 item 10: My Company in sentence case in both languages, colours chosen with a picker and
 * previewed live, a typed hex checked beside its field. Nothing is saved: acme's colours stay for the
 * other specs (the save itself is in company.e2e.test.ts, on a company of its own).
 */
describe('My Company form (issue 31 item 10)', () => {
  const e2e = useBrowser();

  it('picks and types colours with a live preview and refuses a bad hex beside its field', async () => {
    const host = HOSTS.acmeHatch;
    const page = await e2e.openPage(host, '/login');
    await signIn(page, 'editor');
    await waitForSignedInFrame(page, DEMO_USERS.editor.name);
    await page.goto(e2e.url(host, '/user/company'));
    for (const name of SECTIONS) await page.getByRole('heading', { name, exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Postal code', exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Phone number', exact: true }).waitFor();
    const api = apiClient(e2e.port, host, await apiLogin(e2e.port, host, 'editor'));
    const stored = (await api.call(companyEndpoints.myCompany)).data.colors;
    const storedPaint = (await rootCssVariable(page, '--primary-color')).toUpperCase();

    const preview = page.getByRole('figure', { name: 'Preview' });
    const storedHeader = await headerColour(preview);
    await page.getByText('Custom', { exact: true }).click();
    const primary = page.getByRole('textbox', { name: 'Primary colour (hex)' });

    // Picked with the picker (opened by the swatch before the field): the field, the preview and the app follow.
    await page.getByRole('button', { name: 'Pick the primary colour', exact: true }).click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('slider', { name: 'Saturation' }).waitFor();
    await picker.getByRole('slider', { name: 'Hue' }).waitFor();
    await picker.getByRole('button', { name: '#F2C14E', exact: true }).click();
    await expect.poll(async () => (await primary.inputValue()).toUpperCase()).toBe('#F2C14E');
    await picker.getByRole('button', { name: '#634196', exact: true }).click();
    await expect.poll(async () => (await primary.inputValue()).toUpperCase()).toBe('#634196');
    await expect.poll(() => headerColour(preview)).toBe('rgb(99, 65, 150)');
    await expect.poll(async () => (await rootCssVariable(page, '--primary-color')).toUpperCase()).toBe('#634196');
    await checkScreen(page, 'my-company-picker');
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });

    // Typed: a whole hex previews at once, in the app too. Its filled buttons write white on a dark
    // colour and dark text on a light one (a yellow, a pale blue), at 4.5:1 or more either way; links
    // and the light variant (as on an active navigation entry) are darkened to read on white.
    const save = page.getByRole('button', { name: 'Save', exact: true });
    const saveText = () => save.evaluate((node) => getComputedStyle(node).color);
    expect(await saveText()).toBe('rgb(255, 255, 255)');
    expect(await paintedContrast(save)).toBeGreaterThanOrEqual(4.5);
    await primary.fill('#F5D90A');
    await expect.poll(saveText).toBe('rgb(0, 0, 0)');
    expect(await paintedContrast(save)).toBeGreaterThanOrEqual(4.5);
    await primary.fill('#E0F0FF');
    await expect.poll(() => headerColour(preview)).toBe('rgb(224, 240, 255)');
    await expect.poll(saveText).toBe('rgb(0, 0, 0)');
    expect(await paintedContrast(save)).toBeGreaterThanOrEqual(4.5);
    for (const variable of ['--mantine-color-anchor', '--mantine-color-brand-light-color']) {
      expect(contrast(await rootCssVariable(page, variable), '#ffffff'), variable).toBeGreaterThanOrEqual(4.5);
    }
    await checkScreen(page, 'my-company-light-primary');
    await primary.fill('#1E7A3C');
    await expect.poll(() => headerColour(preview)).toBe('rgb(30, 122, 60)');

    // Only hex characters are taken (administration.md §5); what is left is no colour, said beside the field.
    await primary.fill('not-a-colour');
    expect(await primary.inputValue()).toBe('#ac');
    await page.getByRole('textbox', { name: 'Primary accent (hex)' }).focus();
    const error = page.getByText(INVALID, { exact: true });
    await error.waitFor();
    const [field, message] = [await primary.boundingBox(), await error.boundingBox()];
    expect(message && field && message.y - (field.y + field.height)).toBeLessThan(40);
    expect(await primary.getAttribute('aria-invalid')).toBe('true');
    expect(await primary.getAttribute('aria-describedby')).toContain((await error.getAttribute('id')) ?? 'no id');
    // What is no colour is not previewed: the stored colours show again.
    await expect.poll(() => headerColour(preview)).toBe(storedHeader);
    await checkScreen(page, 'my-company-hex-error');

    // Save refuses it in the browser; the stored colours are unchanged, and Cancel paints them again.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await error.waitFor();
    expect((await api.call(companyEndpoints.myCompany)).data.colors).toEqual(stored);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await waitForPath(page, '/');
    await expect.poll(async () => (await rootCssVariable(page, '--primary-color')).toUpperCase()).toBe(storedPaint);
  });

  it('reads in Dutch, in sentence case and without English', async () => {
    // Its own member: the language is kept on the account. The Viewer role may view the company.
    const host = HOSTS.acmeCustomerportal;
    const member = await createMember(e2e.port, host, { username: `company-nl-${Date.now().toString(36)}` });
    const page = await e2e.openPage(host, '/login');
    await signIn(page, member);
    await waitForSignedInFrame(page, `E2E ${member.username}`);
    await page.getByRole('group', { name: 'Language' }).getByText('Nederlands').click();
    await page.getByRole('group', { name: 'Taal' }).waitFor();
    await page.goto(e2e.url(host, '/user/company'));
    for (const name of ['Bedrijfsgegevens', 'Primaire kleur', 'Primaire accentkleur', 'Bedrijfslogo']) {
      await page.getByRole('heading', { name, exact: true }).waitFor();
    }
    await page.getByRole('textbox', { name: 'Postcode', exact: true }).waitFor();
    await page.getByRole('figure', { name: 'Voorbeeld' }).waitFor();
    // A template of placeholders around one word ('{{position}} of {{total}}') would match the Dutch 'of' ('or').
    const english = findEnglish(await visibleTexts(page)).filter(
      (found) =>
        found.english
          .replace(/\{\{\w+\}\}/g, ' ')
          .trim()
          .split(/\s+/).length > 1,
    );
    expect(english).toEqual([]);
    await checkScreen(page, 'my-company-nl');
  });
});
