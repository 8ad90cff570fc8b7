import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = path.resolve(import.meta.dirname, '../../../public/locales');

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
  for (const file of fs.readdirSync(path.join(LOCALES, language)).sort()) {
    const tree = JSON.parse(fs.readFileSync(path.join(LOCALES, language, file), 'utf8')) as Tree;
    for (const [key, text] of flatten(tree, `${file.replace(/\.json$/, '')}:`)) all.set(key, text);
  }
  return all;
}

/** Every quoted UI text of spec/content.md; `{n}` and `{name}` are i18next's `{{…}}` here. */
const CONTENT_SPEC_TEXTS = [
  'Items for 3D rendering. Compatible with all major software and texture renderers.',
  'Items',
  'Import',
  'New Model',
  'New Material',
  'Loading Items...',
  'Loading Materials...',
  'No items found',
  'No materials found',
  'No models found',
  'no results found',
  'No Libraries Found',
  'No Items Found',
  'No Materials Found',
  'No Categories Found',
  'No libraries found.',
  'No categories found.',
  'Showing X to Y of Z',
  'Reprocessing started...',
  'Material successfully duplicated',
  '{name} Archived...',
  '{name} Unarchived',
  '{n} Libraries successfully deleted',
  '{n} Items successfully moved',
  '{n} Materials successfully moved',
  '{n} Categories successfully deleted',
  'The following libraries have not been deleted because they are still connected to a model; {names}',
  'You can not delete this item as it is still connected to a model.',
  'You can not delete this library as it or its children is connected to a model.',
];

/** Every quoted UI text of spec/administration.md (and the section names of My Company and My Account). */
const ADMINISTRATION_SPEC_TEXTS = [
  '---',
  'no results found',
  'no link',
  'Details',
  'Activity',
  'Settings',
  'No User Activity Found...',
  'Route not accessible due to updates in BV-2146. Will be available after BV-2229 is completed.',
  'Update successful',
  'Restored successfully',
  'File is too large',
  'File is of invalid type',
  // My Company's section names in sentence case, as on the rest of that page (decision 0045).
  'Company details',
  'Company demo model',
  'Primary colour',
  'Primary accent',
  'Company logo',
  'Background image',
  'Autodesk integration',
  'Yes and prompt users to connect to autodesk on their dashboard',
  'New Company',
  'Loading companies...',
  'Are you sure you want to delete this company? This will delete everything linked to this company. This action is irreversible!',
  'New Maintenance',
  'Loading maintenance...',
  'Are you sure you want to delete this planned maintenance?',
  'Frequently Asked Questions',
  'New FAQ',
  'Loading FAQ...',
  'Category updated successfully',
  'Category deleted successfully',
  'Are you sure you want to delete this category and all its questions? This action is irreversible!',
  'Loading Feedback Reports...',
  'Are you sure you want to delete this feedback report?',
  'Feedback report successfully deleted',
  'New changelog',
  'Sync',
  'Loading Changelogs...',
  'Loading existing data...',
];

/** A text with its placeholders blanked, so that `{n}` in the spec matches `{{count}}` in a file. */
const shape = (text: string) =>
  text.replace(/\{\{[^}]+\}\}|\{[a-z]+\}/g, '{}').replace('Showing X to Y of Z', 'Showing {} to {} of {}');

describe('locale files', () => {
  const english = locale('en');
  const dutch = locale('nl');

  it('hold every quoted text of the content spec in English', () => {
    const shapes = new Set([...english.values()].map(shape));
    expect(CONTENT_SPEC_TEXTS.filter((text) => !shapes.has(shape(text)))).toEqual([]);
  });

  it('hold every quoted text of the administration spec in English', () => {
    const shapes = new Set([...english.values()].map(shape));
    expect(ADMINISTRATION_SPEC_TEXTS.filter((text) => !shapes.has(shape(text)))).toEqual([]);
  });

  it('translate every English key into Dutch, and the reverse', () => {
    expect([...english.keys()].filter((key) => !dutch.has(key))).toEqual([]);
    expect([...dutch.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('keep the placeholders of each text in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
    const differing = [...english].filter(([key, text]) => {
      const other = dutch.get(key);
      return other !== undefined && placeholders(text).join() !== placeholders(other).join();
    });
    expect(differing.map(([key]) => key)).toEqual([]);
  });
});
