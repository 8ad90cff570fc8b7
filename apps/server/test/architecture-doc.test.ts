import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DOC = path.join(ROOT, 'docs/architecture.md');
/** Where the document's paths start: the repository, or the folder a section is about. */
const BASES = [
  '',
  'apps/server',
  'apps/server/src',
  'apps/server/test',
  'apps/web',
  'apps/web/src',
  'packages/contract/src',
];
const SOURCE_DIRS = ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages/contract/src', 'e2e', 'bench'];

/** The file and folder paths the document names in backticks (placeholders such as `<area>` left out). */
export function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] as string);
  return spans.filter((span) => /^[\w.#-]+(\/[\w.-]+)+\/?$/.test(span) && (/\.\w+$/.test(span) || span.endsWith('/')));
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the repository explains itself', () => {
  it('docs/architecture.md names only files and folders that exist, and the README links it', () => {
    const named = namedPaths(fs.readFileSync(DOC, 'utf8'));
    expect(named.length).toBeGreaterThan(50);
    const missing = named.filter((name) => !BASES.some((base) => fs.existsSync(path.join(ROOT, base, name))));
    expect(missing).toEqual([]);
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain('(docs/architecture.md)');
  });

  it('no code cites the design notes by section: they live outside the repository', () => {
    const citing = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
      .filter((file) => file !== import.meta.filename && /DESIGN §\d/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(citing).toEqual([]);
  });

  it('sees the paths a document names', () => {
    expect(namedPaths('see `core/list/list-engine.ts`, `modules/<area>/x.ts`, `src/shared/` and `#core/…`')).toEqual([
      'core/list/list-engine.ts',
      'src/shared/',
    ]);
  });
});
