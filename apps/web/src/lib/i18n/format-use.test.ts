import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Numbers, sizes, dates and durations are written by lib/i18n/format.ts alone (issue 25 item 7;
 * its date part lives in format-date.ts, for the /login route's JS budget),
 * so that every screen writes them alike and in the user's language. This test names every
 * other source file that formats on its own: `toLocaleString`, `toLocaleDateString`,
 * `toLocaleTimeString` or `Intl`.
 */

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FORMAT_FILES = ['lib/i18n/format.ts', 'lib/i18n/format-date.ts'];
const LOCALE_METHODS = new Set(['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']);

/** Files allowed to format on their own, each with its reason. */
const EXCEPTIONS: Record<string, string> = {
  'share/share-main.ts':
    'the share page (issue 30) has no i18next: it formats its one date in its own language (share-texts.ts)',
};

/** Where a source formats by itself: a `toLocale…String` method or the `Intl` object. */
export function ownFormatting(fileName: string, text: string): { line: number; what: string }[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const sites: { line: number; what: string }[] = [];
  const add = (node: ts.Node, what: string) =>
    sites.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, what });
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && LOCALE_METHODS.has(node.name.text)) add(node, node.name.text);
    else if (ts.isIdentifier(node) && node.text === 'Intl' && !ts.isPropertyAccessExpression(node.parent)) {
      add(node, 'Intl');
    } else if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'Intl'
    ) {
      add(node, node.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('formatting', () => {
  it('happens in lib/i18n/format.ts only', () => {
    const problems: string[] = [];
    const files = sourceFiles(SRC).map((file) => ({ file, path: relative(SRC, file).split(sep).join(posix.sep) }));
    for (const formatFile of FORMAT_FILES) expect(files.map(({ path }) => path)).toContain(formatFile);
    for (const { file, path } of files) {
      if (FORMAT_FILES.includes(path) || path in EXCEPTIONS) continue;
      for (const site of ownFormatting(path, readFileSync(file, 'utf8'))) {
        problems.push(`src/${path}:${site.line} uses ${site.what}: use lib/i18n/format.ts`);
      }
    }
    expect(problems, `Formatting outside lib/i18n/format.ts:\n  ${problems.join('\n  ')}\n`).toEqual([]);
  });

  it('keeps its exceptions real: each excepted file still formats on its own', () => {
    for (const path of Object.keys(EXCEPTIONS)) {
      expect(ownFormatting(path, readFileSync(join(SRC, path), 'utf8')), path).not.toEqual([]);
    }
  });
});

describe('ownFormatting', () => {
  it('finds toLocale…String calls and any use of Intl', () => {
    const code = [
      'const a = new Date(x).toLocaleString(lng, { dateStyle: "medium" });',
      'const b = count.toLocaleDateString();',
      'const c = value.toLocaleTimeString;',
      'const d = new Intl.NumberFormat(lng).format(1);',
      'const e = Intl.DateTimeFormat(lng);',
      'const f = Intl;',
    ].join('\n');
    expect(ownFormatting('a.tsx', code)).toEqual([
      { line: 1, what: 'toLocaleString' },
      { line: 2, what: 'toLocaleDateString' },
      { line: 3, what: 'toLocaleTimeString' },
      { line: 4, what: 'Intl.NumberFormat' },
      { line: 5, what: 'Intl.DateTimeFormat' },
      { line: 6, what: 'Intl' },
    ]);
  });

  it('leaves other code alone', () => {
    const code = 'const a = formatDateTime(x); const b = "Intl"; const c = names.sort((x, y) => x.localeCompare(y));';
    expect(ownFormatting('a.ts', code)).toEqual([]);
  });
});
