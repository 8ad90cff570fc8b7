import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One file per API call (issue 25 item 7, see the architecture document):
 *   - a `*.api.ts` file holds one call: its contract endpoints are named inside one function (the
 *     request; a save may choose between create and update there), and the rest of the file (its
 *     hook, query key, options, types) builds on that function;
 *   - no two `*.api.ts` files make the same call: a call used by several features lives once in
 *     `lib/api/resources/<resource>/`;
 *   - outside `*.api.ts` files nothing sends a contract endpoint through the api client.
 * An endpoint is named as `<x>Endpoints.<operation>`, `<x>Endpoints` imported from the contract;
 * names in type positions (`BodyOf<typeof userEndpoints.create>`) are not calls. `count(…)` of a
 * list endpoint (`?count=1`) is a different request from `call(…)` of it.
 */

const SRC = dirname(fileURLToPath(import.meta.url));
const CONTRACT = '@meshport/contract';
const CLIENT_FUNCTIONS = new Set(['call', 'count', 'callQuietly', 'callWithoutSignOut']);

export interface EndpointUse {
  /** `userEndpoints.get`, or `projectEndpoints.list (count)`. */
  call: string;
  /** The top-level declaration that names it (`useUser`), or `line N` for a statement without a name. */
  declaration: string;
  /** Where it is named: the innermost function around it (`useSaveUser > 12:25`, line and column), else its declaration. */
  scope: string;
  /** Whether it is the first argument of `call(…)`, `count(…)`, `callQuietly(…)` or `callWithoutSignOut(…)`. */
  sent: boolean;
  line: number;
}

function endpointObjects(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (statement.moduleSpecifier.text !== CONTRACT) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if (!element.isTypeOnly && element.name.text.endsWith('Endpoints')) names.add(element.name.text);
    }
  }
  return names;
}

function declarationName(statement: ts.Statement, source: ts.SourceFile): string {
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
    return statement.name.text;
  }
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.map((declaration) => declaration.name.getText(source)).join(', ');
  }
  return `line ${source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1}`;
}

/** Whether `node` is the first argument (or inside it) of a client function call; the function's name if so. */
function sendingFunction(node: ts.Node): string | null {
  let child: ts.Node = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (ts.isCallExpression(parent)) {
      const callee = parent.expression;
      if (ts.isIdentifier(callee) && CLIENT_FUNCTIONS.has(callee.text) && parent.arguments[0] === child) {
        return callee.text;
      }
      return null;
    }
  }
  return null;
}

const lineOf = (source: ts.SourceFile, node: ts.Node) =>
  source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

const positionOf = (source: ts.SourceFile, node: ts.Node) => {
  const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
  return `${line + 1}:${character + 1}`;
};

function enclosingFunction(node: ts.Node): ts.Node | null {
  for (let parent = node.parent; parent; parent = parent.parent) if (ts.isFunctionLike(parent)) return parent;
  return null;
}

/** Every value-position use of a contract endpoint in a source text. */
export function endpointUses(text: string, fileName = 'file.ts'): EndpointUse[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const objects = endpointObjects(source);
  const uses: EndpointUse[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) continue;
    const declaration = declarationName(statement, source);
    const visit = (node: ts.Node) => {
      if (ts.isTypeNode(node)) return;
      if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        objects.has(node.expression.text)
      ) {
        const sender = sendingFunction(node);
        const around = enclosingFunction(node);
        uses.push({
          call: `${node.expression.text}.${node.name.text}${sender === 'count' ? ' (count)' : ''}`,
          declaration,
          scope: around ? `${declaration} > ${positionOf(source, around)}` : declaration,
          sent: sender !== null,
          line: lineOf(source, node),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(statement);
  }
  return uses;
}

/** Why an api file holds more than one call, or null. */
export function severalCalls(uses: EndpointUse[]): string | null {
  const scopes = [...new Set(uses.map((use) => use.scope))];
  if (scopes.length <= 1) return null;
  const named = scopes.map(
    (scope) =>
      `${scope} (${[...new Set(uses.filter((use) => use.scope === scope).map((use) => use.call))].join(', ')})`,
  );
  return `${scopes.length} functions name endpoints: ${named.join('; ')}: one call per file`;
}

/** The calls made by more than one api file, with those files. */
export function sharedCalls(files: { path: string; uses: EndpointUse[] }[]): Map<string, string[]> {
  const callers = new Map<string, Set<string>>();
  for (const { path, uses } of files) {
    for (const { call } of uses) callers.set(call, (callers.get(call) ?? new Set()).add(path));
  }
  return new Map([...callers].filter(([, paths]) => paths.size > 1).map(([call, paths]) => [call, [...paths].sort()]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((file) => {
  const path = relative(SRC, file).split(sep).join(posix.sep);
  return { path, uses: endpointUses(readFileSync(file, 'utf8'), file) };
});
const apiFiles = files.filter(({ path }) => path.endsWith('.api.ts'));

describe('api files', () => {
  it('reads the api files', () => {
    expect(apiFiles.length).toBeGreaterThan(50);
    expect(apiFiles.filter(({ uses }) => uses.length > 0).length).toBeGreaterThan(50);
  });

  it('hold one call each', () => {
    const problems = apiFiles.flatMap(({ path, uses }) => {
      const reason = severalCalls(uses);
      return reason ? [`src/${path}: ${reason}`] : [];
    });
    expect(problems, `Split these files, one call each:\n  ${problems.join('\n  ')}\n`).toEqual([]);
  });

  it('make each call once: a call used by several features lives in lib/api/resources/', () => {
    const problems = [...sharedCalls(apiFiles)].map(([call, paths]) => `${call} in ${paths.join(', ')}`);
    expect(problems, `Calls made by several files:\n  ${problems.join('\n  ')}\n`).toEqual([]);
  });

  it('are the only files that send an endpoint through the api client', () => {
    const problems = files
      .filter(({ path }) => !path.endsWith('.api.ts'))
      .flatMap(({ path, uses }) =>
        uses
          .filter((use) => use.sent)
          .map((use) => `src/${path}:${use.line} sends ${use.call}: move it to a *.api.ts file`),
      );
    expect(problems, `Calls outside api files:\n  ${problems.join('\n  ')}\n`).toEqual([]);
  });
});

describe('endpointUses', () => {
  const text = `
import { type BodyOf, type Project, projectEndpoints, userEndpoints } from '@meshport/contract';
import { call, count } from '@/lib/api/api-client.ts';
import { otherEndpoints } from './elsewhere.ts';
export type Save = BodyOf<typeof userEndpoints.create>;
export const useSave = (id: number | null, body: Save) =>
  id === null ? call(userEndpoints.create, { body }) : call(userEndpoints.update, { params: { id }, body });
export const total = () => count(projectEndpoints.list, {});
const post = { ...userEndpoints.update, method: 'POST' as const };
export const local = () => call(otherEndpoints.get, {});
export const restore = { a: (id: number) => call(userEndpoints.restore, { params: { id } }), b: () => call(projectEndpoints.list, {}) };
`;

  it('names each use with its declaration, leaving types and endpoints from elsewhere out', () => {
    expect(endpointUses(text).map(({ call, declaration, sent }) => ({ call, declaration, sent }))).toEqual([
      { call: 'userEndpoints.create', declaration: 'useSave', sent: true },
      { call: 'userEndpoints.update', declaration: 'useSave', sent: true },
      { call: 'projectEndpoints.list (count)', declaration: 'total', sent: true },
      { call: 'userEndpoints.update', declaration: 'post', sent: false },
      { call: 'userEndpoints.restore', declaration: 'restore', sent: true },
      { call: 'projectEndpoints.list', declaration: 'restore', sent: true },
    ]);
  });

  it('finds several calls in one file, and one call made by two files', () => {
    const uses = endpointUses(text);
    expect(severalCalls(uses.filter((use) => use.declaration === 'useSave'))).toBeNull();
    expect(severalCalls(uses)).toMatch(
      /^5 functions name endpoints: useSave > 6:24 .*; total > 8:22 .*; post \(.*; restore > 11:29 .*; restore > 11:97 /,
    );
    expect(severalCalls(uses.filter((use) => use.declaration === 'restore'))).toMatch(/^2 functions name endpoints/);
    const shared = sharedCalls([
      { path: 'features/a/api/save.api.ts', uses },
      { path: 'features/b/api/count.api.ts', uses: uses.filter((use) => use.declaration === 'total') },
    ]);
    expect([...shared.keys()]).toEqual(['projectEndpoints.list (count)']);
  });
});
