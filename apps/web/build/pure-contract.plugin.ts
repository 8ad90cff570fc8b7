import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * The contract builds its zod schemas at module level (`export const x = z.object(...)`).
 * Bundlers must assume such calls have side effects, so any screen that imports a constant or
 * a helper from the contract would also pull in zod (~35 KB gzip), breaking the login budget.
 * This marks every top-level `const` whose initialiser builds schemas (mentions `z.` or a
 * `…Schema`) as pure by wrapping it in an annotated IIFE; unused schemas (and then zod) are
 * tree-shaken. Declarations it cannot delimit are left untouched, which is always correct.
 */
const CONST_START = /^(?:export )?const \w+(?::[^=\n]+)? = /gm;
// A zod method call counts too: `requiredText(255).refine(…)` builds a schema without naming `z.`.
const BUILDS_SCHEMA =
  /\bz\s*\.|\w+Schema\b|\bdefine\w*Endpoint\(|\w+Endpoint\(|\.(?:refine|superRefine|transform|pipe|extend|partial|describe)\(/;

/** Index of the `;` that ends the expression starting at `from`, or -1. */
export function expressionEnd(source: string, from: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let index = from; index < source.length; index += 1) {
    const char = source[index];
    if (quote) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') quote = char;
    else if (char === '(' || char === '{' || char === '[') depth += 1;
    else if (char === ')' || char === '}' || char === ']') depth -= 1;
    else if (char === ';' && depth === 0) return index;
    else if (char === '/' && source[index + 1] === '/') {
      const lineEnd = source.indexOf('\n', index);
      if (lineEnd === -1) return -1;
      index = lineEnd;
    }
    // A block comment (a field's doc comment) may hold quotes: "a search's first answer".
    else if (char === '/' && source[index + 1] === '*') {
      const commentEnd = source.indexOf('*/', index + 2);
      if (commentEnd === -1) return -1;
      index = commentEnd + 1;
    }
  }
  return -1;
}

export function markSchemasPure(source: string): string {
  let output = '';
  let last = 0;
  for (const match of source.matchAll(CONST_START)) {
    const start = match.index + match[0].length;
    if (start < last) continue;
    const end = expressionEnd(source, start);
    if (end === -1 || !BUILDS_SCHEMA.test(source.slice(start, end))) continue;
    output += `${source.slice(last, start)}/* @__PURE__ */ (() => (${source.slice(start, end)}))()`;
    last = end;
  }
  return output + source.slice(last);
}

const DEFINERS = new Set(['defineEndpoint', 'defineListEndpoint']);
/** Endpoint factories (`processingEndpoints(base, tag, rowSchema)`): a schema argument is needed only by what is stripped. */
const FACTORY = /Endpoints?$/;

function propertyText(source: ts.SourceFile, literal: ts.ObjectLiteralExpression, name: string): string | null {
  for (const property of literal.properties) {
    if (!property.name || !ts.isIdentifier(property.name) || property.name.text !== name) continue;
    if (ts.isShorthandPropertyAssignment(property)) return property.name.text;
    if (ts.isPropertyAssignment(property)) return property.initializer.getText(source);
  }
  return null;
}

/**
 * The client reads an endpoint's method, path and whether it is a list, never its schemas. In an
 * endpoint module, each `defineEndpoint({…})` / `defineListEndpoint({…})` becomes
 * `endpointRoute({ method, path, list })`: the schemas are no longer referenced, so they and zod
 * are tree-shaken from the bundle. The types, checked on the source, are unchanged.
 */
export function stripEndpointSchemas(code: string): string {
  const source = ts.createSourceFile('endpoints.ts', code, ts.ScriptTarget.Latest, true);
  const replacements: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && DEFINERS.has(node.expression.text)) {
      const [init] = node.arguments;
      if (!init || !ts.isObjectLiteralExpression(init))
        throw new Error(`${node.expression.text} needs an object literal`);
      const list = node.expression.text === 'defineListEndpoint';
      const method = list ? "'GET'" : propertyText(source, init, 'method');
      const path = propertyText(source, init, 'path');
      if (!method || !path) throw new Error(`${node.expression.text} without a method or a path`);
      const text = `endpointRoute({ method: ${method}, path: ${path}, list: ${list} })`;
      replacements.push({ start: node.getStart(source), end: node.getEnd(), text });
      return;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && FACTORY.test(node.expression.text)) {
      for (const argument of node.arguments) {
        if (ts.isIdentifier(argument) && argument.text.endsWith('Schema')) {
          replacements.push({ start: argument.getStart(source), end: argument.getEnd(), text: 'undefined as never' });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (replacements.length === 0) return code;
  let output = code;
  for (const { start, end, text } of replacements.sort((a, b) => b.start - a.start)) {
    output = output.slice(0, start) + text + output.slice(end);
  }
  return `import { endpointRoute } from '../endpoint-route.ts';\n${output}`;
}

const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/].+\.ts$/;
const ENDPOINT_MODULE = /[\\/]packages[\\/]contract[\\/]src[\\/]endpoints[\\/][^\\/]+\.ts$/;

export function pureContract(): Plugin {
  return {
    name: 'meshport:pure-contract',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id)) return null;
      const routes = ENDPOINT_MODULE.test(id) ? stripEndpointSchemas(code) : code;
      return { code: markSchemasPure(routes), map: null };
    },
  };
}
