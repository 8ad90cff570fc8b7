import fs from 'node:fs';
import path from 'node:path';
import { SOURCE_MESSAGES } from '@meshport/contract';
import type { Page } from 'playwright-core';

/**
 * English on a Dutch screen (issue 31 item 6): every English text of the web's locale files whose Dutch differs, and
 * the English texts of the processing pipeline, as patterns over a whole visible text (`{{name}}` matches anything).
 * Texts the two languages share ("Status", "Items") and record names are not English by this test.
 */
const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/public/locales');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

function locale(language: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const file of fs.readdirSync(path.join(LOCALES, language))) {
    if (!file.endsWith('.json')) continue;
    const tree = JSON.parse(fs.readFileSync(path.join(LOCALES, language, file), 'utf8')) as Tree;
    for (const [key, text] of flatten(tree, `${file.replace(/\.json$/, '')}:`)) all.set(key, text);
  }
  return all;
}

export interface EnglishText {
  /** Where it comes from: `ns:key`, or `pipeline:<code>`. */
  source: string;
  text: string;
  pattern: RegExp;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A template as a pattern over a whole text; null when too little of it is words to tell a language by. */
export function englishPattern(template: string): RegExp | null {
  // Tags of <Trans> texts (`<0>…</0>`, `<strong>`) are elements of their own on screen: their words are compared.
  const text = normalise(template.replace(/<\/?\w+>/g, ''));
  const literal = text.replace(/\{\{[^}]+\}\}|\$t\([^)]*\)/g, ' ');
  // Around a placeholder, a short word ("of", "in") is as likely Dutch: such a text says nothing by itself.
  const letters = (literal.match(/\p{L}/gu) ?? []).length;
  if (letters < (literal === text ? 2 : 4)) return null;
  const source = text
    .split(/(\{\{[^}]+\}\}|\$t\([^)]*\))/)
    .map((part) => (part.startsWith('{{') || part.startsWith('$t(') ? '.+?' : escapeRegex(part)))
    .join('');
  return new RegExp(`^${source}$`, 'u');
}

/** Every English text that must not be on a Dutch screen. */
export function englishTexts(): EnglishText[] {
  const en = locale('en');
  const nl = locale('nl');
  const texts: EnglishText[] = [];
  for (const [key, text] of en) {
    const dutch = nl.get(key);
    if (dutch === undefined || normalise(dutch) === normalise(text)) continue;
    const pattern = englishPattern(text);
    if (pattern) texts.push({ source: key, text, pattern });
  }
  for (const [code, text] of Object.entries(SOURCE_MESSAGES)) {
    const pattern = englishPattern(text);
    // A frame of other texts (`{{text}} in {{durationMs}}.`) says nothing by itself.
    if (pattern && !/^\{\{\w+\}\}/.test(text)) texts.push({ source: `pipeline:${code}`, text, pattern });
  }
  return texts;
}

/**
 * Texts the server stored in English (event messages, warnings): on a Dutch screen as they were stored, they were not
 * translated. Exact texts, so that one no template of the table knows is found as well.
 */
export function storedEnglish(texts: Iterable<string>): EnglishText[] {
  return [...new Set(texts)]
    .filter((text) => /\p{L}{3}/u.test(text))
    .map((text) => ({ source: 'stored', text, pattern: new RegExp(`^${escapeRegex(normalise(text))}$`, 'u') }));
}

/** English date and time writing: "Nov 26, 2026", "8:16 PM", "11/26/26" (a clock like "163:02:42" reads as a time). */
const ENGLISH_FORMATS: EnglishText[] = [
  {
    source: 'format:date',
    text: 'Nov 26, 2026',
    pattern: /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4}\b/,
  },
  { source: 'format:time', text: '8:16 PM', pattern: /\b\d{1,2}:\d{2}(?::\d{2})?\s?[AP]M\b/ },
  { source: 'format:short date', text: '11/26/26', pattern: /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/ },
];

export interface EnglishFound {
  text: string;
  source: string;
  english: string;
}

/** The English among `visible` texts: a whole text that an English string matches, or an English date or time. */
export function findEnglish(
  visible: readonly string[],
  english: readonly EnglishText[] = englishTexts(),
): EnglishFound[] {
  const found: EnglishFound[] = [];
  for (const raw of new Set(visible.map(normalise))) {
    if (!raw) continue;
    const hit =
      english.find((entry) => entry.pattern.test(raw)) ?? ENGLISH_FORMATS.find((entry) => entry.pattern.test(raw));
    if (hit) found.push({ text: raw, source: hit.source, english: hit.text });
  }
  return found;
}

/** The texts a person sees on the page now: visible text nodes, and the placeholders and values of fields. */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      texts.push(text);
    }
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
      if (field.checkVisibility() && field.placeholder) texts.push(field.placeholder);
    }
    return texts;
  });
}
