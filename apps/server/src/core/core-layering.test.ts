import fs from 'node:fs';
import path from 'node:path';
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
});
