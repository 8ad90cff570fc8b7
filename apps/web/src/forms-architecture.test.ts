import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every react-hook-form form validates with its contract schema through `formResolver`
 * (shared/forms/form-resolver.ts, on `@hookform/resolvers`): a `useForm` without a `resolver`,
 * the old home-made resolver, or a second use of `@hookform/resolvers` fails here, and so does a
 * `<form>` (or `component="form"`) in a file without `useForm`, unless listed below with its reason.
 */

const SRC = dirname(fileURLToPath(import.meta.url));
const RESOLVER_HOME = 'shared/forms/form-resolver.ts';

/** Forms that keep their own state, each with its reason. */
const FORMS_WITHOUT_USE_FORM: Readonly<Record<string, string>> = {
  'features/search/components/search-field.component.tsx': 'a search box: it navigates, it saves nothing',
  'app/session/components/login-form.component.tsx': "the login route's JS budget (decision 0039)",
  'features/materials/components/move-materials-dialog.component.tsx':
    'one required choice of categories for a bulk action; its failure is the bulk answer, not field errors',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The problems of one file's text: useForm calls without a resolver, and forbidden imports. */
export function formProblems(path: string, text: string): string[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const problems: string[] = [];
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const forms: ts.Node[] = [];
  let usesForm = false;
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const isForm =
        node.tagName.getText(source) === 'form' ||
        node.attributes.properties.some(
          (attribute) =>
            ts.isJsxAttribute(attribute) &&
            attribute.name.getText(source) === 'component' &&
            attribute.initializer !== undefined &&
            ts.isStringLiteral(attribute.initializer) &&
            attribute.initializer.text === 'form',
        );
      if (isForm) forms.push(node);
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text;
      if (/zod-resolver(\.ts)?$/.test(specifier)) {
        problems.push(`${path}:${line(node)} imports the old '${specifier}': use formResolver from shared/forms`);
      }
      if (specifier.startsWith('@hookform/resolvers') && path !== RESOLVER_HOME) {
        problems.push(`${path}:${line(node)} imports '${specifier}': build resolvers with formResolver (shared/forms)`);
      }
    }
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'useForm') {
      usesForm = true;
      const [options] = node.arguments;
      const hasResolver =
        options !== undefined &&
        ts.isObjectLiteralExpression(options) &&
        options.properties.some((property) => property.name?.getText(source) === 'resolver');
      if (!hasResolver) {
        problems.push(`${path}:${line(node)} calls useForm without a resolver: formResolver(<contract schema>, …)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!usesForm && !(path in FORMS_WITHOUT_USE_FORM)) {
    for (const form of forms) {
      problems.push(`${path}:${line(form)} has a form without useForm: useForm with formResolver, applyServerErrors`);
    }
  }
  return problems;
}

describe('forms', () => {
  it('validate every useForm with a resolver, through formResolver only', () => {
    const files = sourceFiles(SRC).map((file) => ({ file, path: relative(SRC, file).split(sep).join(posix.sep) }));
    expect(files.some(({ path }) => path === RESOLVER_HOME)).toBe(true);
    const problems = files.flatMap(({ file, path }) => formProblems(path, readFileSync(file, 'utf8')));
    expect(problems, `Forms:\n  ${problems.join('\n  ')}\n`).toEqual([]);
  });

  it('names a useForm without a resolver and the old resolver', () => {
    expect(formProblems('features/x/a.tsx', 'const f = useForm<V>({ defaultValues: {} });')).toEqual([
      'features/x/a.tsx:1 calls useForm without a resolver: formResolver(<contract schema>, …)',
    ]);
    expect(formProblems('features/x/a.tsx', 'const f = useForm();')).toHaveLength(1);
    expect(formProblems('features/x/a.tsx', 'const f = useForm({ resolver: formResolver(s, m) });')).toEqual([]);
    expect(
      formProblems('features/x/a.ts', "import { zodResolver } from '@/shared/forms/zod-resolver.ts';"),
    ).toHaveLength(1);
    expect(formProblems('features/x/a.ts', "import { zodResolver } from '@hookform/resolvers/zod';")).toHaveLength(1);
    expect(formProblems(RESOLVER_HOME, "import { zodResolver } from '@hookform/resolvers/zod';")).toEqual([]);
  });

  it('names a form without useForm, unless it is listed with its reason', () => {
    expect(formProblems('features/x/a.tsx', 'const v = <form onSubmit={save}><input /></form>;')).toEqual([
      'features/x/a.tsx:1 has a form without useForm: useForm with formResolver, applyServerErrors',
    ]);
    expect(formProblems('features/x/a.tsx', 'const v = <Card component="form" onSubmit={save} />;')).toHaveLength(1);
    expect(formProblems('features/x/a.tsx', 'const v = <Card component="div" />;')).toEqual([]);
    const withForm =
      'const f = useForm({ resolver: formResolver(s, m) });\nconst v = <form onSubmit={f.handleSubmit(save)} />;';
    expect(formProblems('features/x/a.tsx', withForm)).toEqual([]);
    const listed = Object.keys(FORMS_WITHOUT_USE_FORM)[0] ?? '';
    expect(formProblems(listed, 'const v = <form onSubmit={go} />;')).toEqual([]);
  });
});
