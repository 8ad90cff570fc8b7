import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '#test/test-app.ts';

/** Every `$ref` in a JSON value. */
function refsOf(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const entry of value) refsOf(entry, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.add(child);
      else refsOf(child, found);
    }
  }
  return found;
}

/** Type errors of one TypeScript source, checked alone (no imports, no lib beyond ES2022). */
function typeErrorsOf(source: string): string[] {
  const fileName = '/generated/api.ts';
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === fileName ? source : readFile(name));
  host.fileExists = (name) => name === fileName || ts.sys.fileExists(name);
  host.getSourceFile = (name, language, onError) =>
    name === fileName ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, onError);
  const program = ts.createProgram([fileName], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

// Outside consumers read /v2/openapi.json with their own tools: a validator and a client generator.
describe('OpenAPI document, read by client tools', () => {
  let t: TestApp;
  // The document as served: each tool parses its own copy (swagger-parser dereferences in place).
  let text: string;
  let document: OpenAPI3;
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false });
    const res = await t.request<OpenAPI3>('/v2/openapi.json', { host: 'meshport.test' });
    expect(res.status).toBe(200);
    text = res.text;
    document = JSON.parse(text);
  });
  afterAll(() => t.close());

  it('defines every schema it references, under a real name', () => {
    const schemas = document.components?.schemas ?? {};
    const missing = [...refsOf(document)].filter(
      (ref) => !ref.startsWith('#/components/schemas/') || !(ref.slice('#/components/schemas/'.length) in schemas),
    );
    expect(missing).toEqual([]);
    // The recursive breadcrumbs of libraries, material categories and projects are one named component.
    expect(Object.keys(schemas)).toContain('Breadcrumb');
    expect(refsOf(document)).toContain('#/components/schemas/Breadcrumb');
  });

  it('gives the docs page the same document', async () => {
    const res = await t.request<OpenAPI3>('/v2/docs/json', { host: 'meshport.test' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(document);
  });

  it('is a valid OpenAPI document whose references all resolve (swagger-parser)', async () => {
    const validated = await SwaggerParser.validate(JSON.parse(text));
    expect(validated.info.title).toBe(document.info.title);
    await expect(SwaggerParser.dereference(JSON.parse(text))).resolves.toBeDefined();
  });

  it('generates a typed client (openapi-typescript) without error or warning, and the types compile', async () => {
    const warnings = vi.spyOn(console, 'warn');
    const errors = vi.spyOn(console, 'error');
    try {
      const source = astToString(await openapiTS(text));
      expect([...warnings.mock.calls, ...errors.mock.calls]).toEqual([]);
      expect(source).toContain('"/v2/login"');
      expect(source).toMatch(/Breadcrumb: \{/);
      expect(typeErrorsOf(source)).toEqual([]);
    } finally {
      warnings.mockRestore();
      errors.mockRestore();
    }
  });
});
