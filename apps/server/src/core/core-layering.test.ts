import fs from 'node:fs';
import path from 'node:path';
import * as contract from '@meshport/contract';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Where an import specifier points inside `src`, as `core/…`, `modules/…`, `app/…` or `dev/…`. */
function target(file: string, specifier: string): string | null {
  const alias = /^#(core|modules|app|dev)\/(.*)$/.exec(specifier);
  if (alias) return `${alias[1]}/${alias[2]}`;
  if (!specifier.startsWith('.')) return null;
  return path.relative(SRC, path.resolve(path.dirname(file), specifier));
}

describe('server layering: core/ holds mechanisms that know no resource', () => {
  it('core/ imports nothing from modules/, app/ or dev/', () => {
    const offending: string[] = [];
    for (const file of sourceFiles(path.join(SRC, 'core'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? '';
        const to = target(file, specifier);
        if (to && !to.startsWith('core/') && !to.startsWith('..')) {
          offending.push(`${path.relative(SRC, file)} imports ${specifier}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });

  it('sees the imports it checks (a path into modules/ would be caught)', () => {
    const sample = path.join(SRC, 'core/http/route.ts');
    expect(target(sample, '#modules/content/projects/project.list.ts')).toBe(
      'modules/content/projects/project.list.ts',
    );
    expect(target(sample, '../../modules/x.ts')).toBe('modules/x.ts');
    expect(target(sample, './register-routes.ts')).toBe('core/http/register-routes.ts');
  });

  it('core/ names no resource of the modules, and no endpoint path of theirs', () => {
    expect(resourceNamesIn(path.join(SRC, 'core'))).toEqual([]);
  });

  it('sees the names it checks (a module table, a resource, an endpoint group or path)', () => {
    const sample = `const QUIET = new Set(['uploads', 'x']); // projects in a comment are fine
      import { notificationEndpoints } from '@meshport/contract';
      export const reads = { f: ['material_categories'] };
      const mail = passwordResetMail; const url = '/projects/1';`;
    expect(namesInCode('sample.ts', sample).sort()).toEqual([
      "sample.ts: '/projects/1' (endpoint path of a module)",
      "sample.ts: '/projects/1' (projects)",
      "sample.ts: 'material_categories' (material-categories)",
      "sample.ts: 'material_categories' (material_categories)",
      "sample.ts: 'uploads' (uploads)",
      'sample.ts: notificationEndpoints (endpoints of a module)',
      'sample.ts: passwordResetMail (password-reset)',
    ]);
  });
});

/**
 * Names core owns although a module bears them too, each for its reason. Core's mechanisms run
 * on them; the module is only where people manage them.
 */
const CORE_NAMES: Readonly<Record<string, string>> = {
  companies: 'the tenants (core/tenancy); the module is their administration',
  licences: "what a membership holds, which core's access checks read (core/access)",
  company_licences: "the session lookup and the response cache forget what they kept when a company's seats change",
  roles: 'a membership has a role, whose abilities the session lookup reads (core/auth/account.table.ts)',
  maintenance: 'maintenance mode answers every request (core/maintenance); the module plans windows',
  activity: 'every write of a member is logged by register-routes (activity-log.ts); the module stores and lists it',
  'sign-in': 'sessions and the sign-in limiter are core (core/auth); the module holds the routes',
  'recycle-bin': "every list's trashed view (`trashed`) is a list mechanism; the module is its page",
  autodesk: 'config reads every setting from the environment in one place (config.ts)',
};
/** The endpoint groups of core's own routes (config.routes.ts, realtime.routes.ts). */
const CORE_ENDPOINT_GROUPS = new Set(['configEndpoints', 'realtimeEndpoints']);

const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());

function moduleNames(): { name: string; words: string[] }[] {
  const names = new Set<string>();
  const modules = path.join(SRC, 'modules');
  for (const area of fs.readdirSync(modules, { withFileTypes: true })) {
    if (!area.isDirectory()) continue;
    for (const resource of fs.readdirSync(path.join(modules, area.name), { withFileTypes: true })) {
      if (resource.isDirectory() && resource.name !== 'shared') names.add(resource.name);
    }
  }
  for (const file of sourceFiles(modules)) {
    for (const table of fs.readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g)) {
      names.add(table[1] as string);
    }
  }
  return [...names].filter((name) => !Object.hasOwn(CORE_NAMES, name)).map((name) => ({ name, words: words(name) }));
}

/** The first segment of every module endpoint's path: `/projects/:id` → `projects`. */
function moduleEndpointSegments(): Set<string> {
  const segments = new Set<string>();
  for (const [exported, value] of Object.entries(contract)) {
    if (!exported.endsWith('Endpoints') || CORE_ENDPOINT_GROUPS.has(exported) || typeof value !== 'object') continue;
    for (const endpoint of Object.values(value as Record<string, unknown>)) {
      const route = endpoint as { path?: unknown };
      if (typeof route?.path === 'string') segments.add(route.path.split('/')[1] ?? '');
    }
  }
  segments.delete('');
  return segments;
}

const NAMES = moduleNames();
const SEGMENTS = moduleEndpointSegments();
/** Strings stay, comments go (they may explain with an example); identifiers are read too. */
const STRING_OR_COMMENT = /('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)|\/\/[^\n]*|\/\*[\s\S]*?\*\//g;

const contains = (haystack: string[], needle: string[]) =>
  haystack.some((_, at) => needle.every((word, i) => haystack[at + i] === word));

/**
 * What a core file names of the modules: a module's table or resource in a string, a
 * resource of two words or more in an identifier (single words such as `groups` or `pipeline`
 * are too common there), a module's endpoint group, or a string that starts with a module
 * endpoint's path.
 */
function namesInCode(file: string, text: string): string[] {
  const found = new Set<string>();
  const strings: string[] = [];
  const code = text.replace(STRING_OR_COMMENT, (_match, literal: string | undefined) => {
    if (!literal) return ' ';
    strings.push(literal.slice(1, -1));
    return ' ';
  });
  for (const literal of strings) {
    const literalWords = words(literal);
    for (const { name, words: nameWords } of NAMES) {
      if (contains(literalWords, nameWords)) found.add(`${file}: '${literal}' (${name})`);
    }
    const segment = /^(?:\/v2)?\/([a-z0-9-]+)(?:[/?]|$)/.exec(literal)?.[1];
    if (segment && SEGMENTS.has(segment)) found.add(`${file}: '${literal}' (endpoint path of a module)`);
  }
  for (const identifier of new Set(code.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? [])) {
    if (identifier.endsWith('Endpoints') && identifier !== 'Endpoints' && !CORE_ENDPOINT_GROUPS.has(identifier)) {
      found.add(`${file}: ${identifier} (endpoints of a module)`);
    }
    const identifierWords = words(identifier);
    for (const { name, words: nameWords } of NAMES) {
      if (nameWords.length > 1 && contains(identifierWords, nameWords)) found.add(`${file}: ${identifier} (${name})`);
    }
  }
  return [...found];
}

function resourceNamesIn(dir: string): string[] {
  return sourceFiles(dir)
    .filter((file) => !file.endsWith('.test.ts'))
    .flatMap((file) => namesInCode(path.relative(SRC, file), fs.readFileSync(file, 'utf8')));
}
