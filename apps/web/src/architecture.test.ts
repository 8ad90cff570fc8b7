import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web app's layers (see the architecture document):
 *   app/              router, shell, session, system pages: may import everything below
 *   features/<area>/  screens of one area: shared/, lib/ and the contract, never another feature
 *   shared/           UI and form helpers that know no feature
 *   lib/              api client, paths, session hooks, realtime, i18n: knows neither shared/ nor features/
 *   share/            the share page's own entry (share.html): shared/ and lib/ only, imported by nothing else
 * Nothing imports upward. This test reads every source file's imports (static, re-exports,
 * dynamic `import()` and `import('…')` types) and names each import that breaks a rule.
 */

const SRC = dirname(fileURLToPath(import.meta.url));
const SOURCE = /\.(ts|tsx)$/;

export type Layer = 'app' | 'features' | 'shared' | 'lib' | 'share' | 'root' | 'outside';

/** The layer of a path relative to src/ (posix separators), and the feature's area when it is one. */
export function layerOf(path: string): { layer: Layer; area?: string } {
  if (path.startsWith('../')) return { layer: 'outside' };
  const [top, second] = path.split('/');
  if (top === 'features') return { layer: 'features', area: second };
  if (top === 'app' || top === 'shared' || top === 'lib' || top === 'share') return { layer: top };
  return { layer: 'root' };
}

/** Why `from` may not import `to` (both relative to src/), or null when it may. */
export function layerViolation(from: string, to: string): string | null {
  const source = layerOf(from);
  const target = layerOf(to);
  if (target.layer === 'root') return 'nothing imports the entry files at the root of src/';
  if (target.layer === 'share' && source.layer !== 'share') return 'share/ is its own entry: nothing else imports it';
  if (source.layer === 'share' && (target.layer === 'app' || target.layer === 'features')) {
    return `share/ imports ${target.layer}/: the share page stays light (shared/ and lib/ only)`;
  }
  if (source.layer === 'features' && target.layer === 'features' && source.area !== target.area) {
    return `features/${source.area} imports features/${target.area}: features never import each other (move the common part to shared/ or lib/, or let app/ compose them)`;
  }
  if ((source.layer === 'features' || source.layer === 'shared' || source.layer === 'lib') && target.layer === 'app') {
    return `${source.layer}/ imports app/: only app/ may import app/ (move the piece down to lib/ or shared/, or pass it in)`;
  }
  if (source.layer === 'shared' && target.layer === 'features') {
    return 'shared/ imports features/: shared code knows no feature';
  }
  if (source.layer === 'lib' && (target.layer === 'features' || target.layer === 'shared')) {
    return `lib/ imports ${target.layer}/: lib/ is the bottom layer`;
  }
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

interface ImportSite {
  specifier: string;
  line: number;
}

function parse(file: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
}

function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

/** Every module specifier of a file: imports, re-exports, `import()` calls and `import('…')` types. */
function importsOf(source: ts.SourceFile): ImportSite[] {
  const sites: ImportSite[] = [];
  const add = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) sites.push({ specifier: node.text, line: lineOf(source, node) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

function startsWithSlash(node: ts.Node | undefined): node is ts.Node {
  if (!node) return false;
  if (ts.isStringLiteralLike(node)) return node.text.startsWith('/');
  if (ts.isTemplateExpression(node)) return node.head.text.startsWith('/');
  if (ts.isConditionalExpression(node)) return startsWithSlash(node.whenTrue) || startsWithSlash(node.whenFalse);
  if (ts.isParenthesizedExpression(node)) return startsWithSlash(node.expression);
  return false;
}

/** Link targets written by hand: `to="/…"`, `href={'/…'}`, `navigate('/…')` (paths come from lib/paths). */
function handWrittenLinks(source: ts.SourceFile): ImportSite[] {
  const sites: ImportSite[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxAttribute(node) && ['to', 'href'].includes(node.name.getText(source))) {
      const value = node.initializer;
      const literal = value && ts.isJsxExpression(value) ? value.expression : value;
      if (startsWithSlash(literal)) sites.push({ specifier: literal.getText(source), line: lineOf(source, node) });
    } else if (ts.isCallExpression(node) && node.expression.getText(source) === 'navigate') {
      const target = node.arguments[0];
      if (startsWithSlash(target)) sites.push({ specifier: target.getText(source), line: lineOf(source, node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

const toPosix = (path: string) => path.split(sep).join(posix.sep);

/** Where an import leads, relative to src/ (`@/x` is src/x); null for a package. */
function targetOf(file: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (!specifier.startsWith('.')) return null;
  return toPosix(relative(SRC, join(dirname(file), specifier)));
}

/** A feature's folder (`features/search`), else the layer's (`shared`). */
const homeOf = (path: string) => {
  const [top, area] = path.split('/');
  return top === 'features' ? `features/${area}` : (top ?? '');
};
const files = sourceFiles(SRC).map((file) => ({ file, path: toPosix(relative(SRC, file)) }));

// Each test parses every source file: more than the default 5 s on a loaded 2-core machine.
describe('import graph', { timeout: 30_000 }, () => {
  it('reads the whole app', () => {
    const layers = new Set(files.map(({ path }) => layerOf(path).layer));
    expect([...layers].sort()).toEqual(['app', 'features', 'lib', 'root', 'share', 'shared']);
    expect(files.length).toBeGreaterThan(50);
  });

  it('keeps every import inside the layer rules', () => {
    const problems: string[] = [];
    for (const { file, path } of files) {
      for (const site of importsOf(parse(file))) {
        const target = targetOf(file, site.specifier);
        if (target === null) continue; // packages (react, @meshport/contract, …)
        const reason = layerViolation(path, target);
        if (reason) problems.push(`src/${path}:${site.line} imports '${site.specifier}': ${reason}`);
      }
    }
    expect(problems, `Layer rules broken:\n  ${problems.join('\n  ')}\n`).toEqual([]);
  });

  it('reaches other layers and features through @/, and its own by relative paths', () => {
    const problems: string[] = [];
    for (const { file, path } of files) {
      for (const site of importsOf(parse(file))) {
        const target = targetOf(file, site.specifier);
        if (target === null || target.startsWith('../')) continue;
        const own = homeOf(target) === homeOf(path);
        if (!own && site.specifier.startsWith('.')) {
          problems.push(`src/${path}:${site.line} imports '${site.specifier}': write '@/${target}'`);
        } else if (own && site.specifier.startsWith('@/')) {
          problems.push(
            `src/${path}:${site.line} imports '${site.specifier}' from its own ${homeOf(path)}: use a relative path`,
          );
        }
      }
    }
    expect(problems, `Import paths:\n  ${problems.join('\n  ')}\n`).toEqual([]);
  });

  it('builds every link with lib/paths', () => {
    const problems: string[] = [];
    for (const { file, path } of files) {
      if (path.startsWith('lib/paths/') || path.endsWith('.test.ts')) continue;
      for (const site of handWrittenLinks(parse(file))) {
        problems.push(`src/${path}:${site.line} links to ${site.specifier}: use paths.…() from lib/paths/paths.ts`);
      }
    }
    expect(problems, `Hand-written link targets:\n  ${problems.join('\n  ')}\n`).toEqual([]);
  });
});

describe('layerViolation', () => {
  it('refuses the imports the rules forbid', () => {
    expect(layerViolation('features/dashboard/a.ts', 'features/search/b.ts')).toMatch(/features never import/);
    expect(layerViolation('features/dashboard/a.ts', 'app/router/route-table.config.ts')).toMatch(/only app/);
    expect(layerViolation('shared/ui/a.tsx', 'app/shell/b.tsx')).toMatch(/only app/);
    expect(layerViolation('lib/session/a.ts', 'app/session/b.tsx')).toMatch(/only app/);
    expect(layerViolation('shared/ui/a.tsx', 'features/search/b.ts')).toMatch(/knows no feature/);
    expect(layerViolation('lib/api/a.ts', 'features/search/b.ts')).toMatch(/bottom layer/);
    expect(layerViolation('lib/api/a.ts', 'shared/ui/b.tsx')).toMatch(/bottom layer/);
    expect(layerViolation('app/shell/a.tsx', 'main.tsx')).toMatch(/entry/);
  });
  it('allows imports downward and within a feature', () => {
    expect(layerViolation('app/shell/top-bar.tsx', 'features/search/components/c.tsx')).toBeNull();
    expect(layerViolation('features/search/pages/p.tsx', 'features/search/api/a.ts')).toBeNull();
    expect(layerViolation('features/search/pages/p.tsx', 'shared/ui/icons.tsx')).toBeNull();
    expect(layerViolation('features/search/pages/p.tsx', 'lib/paths/paths.ts')).toBeNull();
    expect(layerViolation('shared/ui/a.tsx', 'lib/session/tenant.context.ts')).toBeNull();
    expect(layerViolation('main.tsx', 'app/app.tsx')).toBeNull();
    expect(layerViolation('main.tsx', 'app/global.css')).toBeNull();
  });
});
