import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const GREETINGS = { morning: 'Good morning', afternoon: 'Good afternoon', evening: 'Good evening' } as const;

/** shell.md §9 cut-offs: morning before 12, afternoon from 12 to 17, evening after. */
function greetingAt(hour: number): string {
  if (hour < 12) return GREETINGS.morning;
  if (hour < 17) return GREETINGS.afternoon;
  return GREETINGS.evening;
}

/** The dashboard of `name`: path /, the greeting of the browser's hour and the user's name as heading. */
export async function expectDashboard(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  const before = await page.evaluate(() => new Date().getHours());
  const shown = await page.getByText(/^Good (morning|afternoon|evening)$/).textContent();
  const after = await page.evaluate(() => new Date().getHours());
  // Read around the text so that a test running across a cut-off hour still agrees with itself.
  expect([greetingAt(before), greetingAt(after)]).toContain(shown);
}
