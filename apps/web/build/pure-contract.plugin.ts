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
const BUILDS_SCHEMA = /\bz\.|\w+Schema\b/;

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

export function pureContract(): Plugin {
  return {
    name: 'meshport:pure-contract',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/.test(id)) return null;
      return { code: markSchemasPure(code), map: null };
    },
  };
}
