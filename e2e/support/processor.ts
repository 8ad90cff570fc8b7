import type { Page } from 'playwright-core';

/** The processor's cards as the page showed them over time (content.md §4 live updates). */
export interface Seen {
  name: string;
  status: string;
  elapsed: string | null;
  message: string | null;
}

declare global {
  interface Window {
    __processorSeen?: Seen[];
    __notReloaded?: boolean;
  }
}

/**
 * Records, in the page, every status (and clock) each card shows, on every DOM change: the
 * sequence a card went through without the test having to poll at the right moment.
 */
export async function watchCards(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__notReloaded = true;
    window.__processorSeen = [];
    const seen = window.__processorSeen;
    const last = new Map<string, string>();
    const record = () => {
      for (const card of document.querySelectorAll('main li')) {
        const label = card.querySelector('button[aria-label^="Actions for "]')?.getAttribute('aria-label');
        const status = card.querySelector('.mantine-Badge-label')?.textContent;
        if (!label || !status) continue;
        const entry = {
          name: label.slice('Actions for '.length),
          status,
          elapsed: card.querySelector('[data-testid="elapsed"]')?.textContent ?? null,
          message: card.querySelector('[data-testid="latest-event"]')?.textContent ?? null,
        };
        const key = JSON.stringify(entry);
        if (last.get(entry.name) === key) continue;
        last.set(entry.name, key);
        seen.push(entry);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    record();
  });
}

export async function seenFor(page: Page, name: string): Promise<Seen[]> {
  return page.evaluate((wanted) => (window.__processorSeen ?? []).filter((entry) => entry.name === wanted), name);
}

/** The statuses a card showed, consecutive repeats folded. */
export function statusSequence(entries: Seen[]): string[] {
  return entries.map((entry) => entry.status).filter((status, index, all) => index === 0 || all[index - 1] !== status);
}

const ITEM_NOT_DELETABLE = 'You can not delete this item as it is still connected to a model.';

/** content.md §2/§8: every quoted text of the processor, and its Dutch. */
export const TEXTS = {
  en: {
    heading: 'Processor',
    tabs: ['Models', 'Items', 'Materials'],
    newModel: 'New Model',
    import: 'Import',
    newMaterial: 'New Material',
    empty: ['No models found', 'No items found', 'No materials found'],
    loading: ['Loading Models...', 'Loading Items...', 'Loading Materials...'],
    reprocess: 'Reprocess',
    reprocessing: 'Reprocessing started...',
    archive: 'Archive',
    unarchive: 'Unarchive',
    archived: (name: string) => `${name} Archived...`,
    unarchived: (name: string) => `${name} Unarchived`,
    notDeletable: ITEM_NOT_DELETABLE,
    delete: 'Delete',
    actionsFor: (name: string) => `Actions for ${name}`,
    finished: 'Finished',
    search: 'Search',
    language: 'Language',
  },
  nl: {
    heading: 'Verwerking',
    tabs: ['Modellen', 'Items', 'Materialen'],
    newModel: 'Nieuw model',
    import: 'Importeren',
    newMaterial: 'Nieuw materiaal',
    empty: ['Geen modellen gevonden', 'Geen items gevonden', 'Geen materialen gevonden'],
    loading: ['Modellen laden...', 'Items laden...', 'Materialen laden...'],
    reprocess: 'Opnieuw verwerken',
    reprocessing: 'Opnieuw verwerken gestart...',
    archive: 'Archiveren',
    unarchive: 'Dearchiveren',
    archived: (name: string) => `${name} gearchiveerd...`,
    unarchived: (name: string) => `${name} gedearchiveerd`,
    notDeletable: 'Je kunt dit item niet verwijderen, omdat het nog aan een model gekoppeld is.',
    delete: 'Verwijderen',
    actionsFor: (name: string) => `Acties voor ${name}`,
    finished: 'Klaar',
    search: 'Zoeken',
    language: 'Taal',
  },
} as const;
export type Texts = (typeof TEXTS)[keyof typeof TEXTS];
