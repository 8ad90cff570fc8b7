import { describe, expect, it } from 'vitest';
import { markSchemasPure, stripEndpointSchemas } from './pure-contract.plugin.ts';

describe('markSchemasPure', () => {
  it('wraps schema-building consts in a pure IIFE and leaves the rest', () => {
    const source = [
      "import { z } from 'zod';",
      "export const a = z.object({ name: z.string().min(1, 'Required; really') });",
      'const shared = { at: z.string() };',
      'export const b = aSchema.extend({ x: z.number() });',
      'export const LIMIT = 5;',
      '',
    ].join('\n');
    const output = markSchemasPure(source);
    expect(output).toContain(
      "export const a = /* @__PURE__ */ (() => (z.object({ name: z.string().min(1, 'Required; really') })))();",
    );
    expect(output).toContain('const shared = /* @__PURE__ */ (() => ({ at: z.string() }))();');
    expect(output).toContain('export const b = /* @__PURE__ */ (() => (aSchema.extend({ x: z.number() })))();');
    expect(output).toContain('export const LIMIT = 5;');
  });

  it('reads past quotes inside a block comment', () => {
    const source = [
      'export const meta = z.object({',
      "  /** Set on a search's first answer. */",
      '  total: z.number(),',
      '});',
      '',
    ].join('\n');
    expect(markSchemasPure(source)).toContain('export const meta = /* @__PURE__ */ (() => (z.object({');
  });
});

describe('stripEndpointSchemas', () => {
  it('keeps only the method, the path and the list flag of each endpoint, so no schema is referenced', () => {
    const source = [
      "import { defineEndpoint, defineListEndpoint } from '../endpoint.ts';",
      "import { thingSchema } from '../things.ts';",
      'function fileEndpoint(path: string) {',
      "  return defineEndpoint({ method: 'GET', path, summary: 'a file', tags: ['things'], answer: binarySchema });",
      '}',
      'export const thingEndpoints = {',
      "  list: defineListEndpoint({ path: '/things', summary: 'Things', tags: ['things'], row: thingSchema, sorts: ['name'] }),",
      "  update: defineEndpoint({ method: 'PATCH', path: `/things/:id`, body: thingSchema.partial(), answer: thingSchema }),",
      "  file: fileEndpoint('/things/:id/file'),",
      '};',
    ].join('\n');
    const output = stripEndpointSchemas(source);
    expect(output).toContain("import { endpointRoute } from '../endpoint-route.ts';");
    expect(output).toContain("return endpointRoute({ method: 'GET', path: path, list: false });");
    expect(output).toContain("list: endpointRoute({ method: 'GET', path: '/things', list: true }),");
    expect(output).toContain("update: endpointRoute({ method: 'PATCH', path: `/things/:id`, list: false }),");
    expect(output).not.toMatch(/thingSchema\.|answer:|row:/);
  });

  it('drops the schemas handed to an endpoint factory, whose definitions use them only in what is stripped', () => {
    const source = [
      "import { processingEndpoints } from './processing.endpoints.ts';",
      'export const modelEndpoints = {',
      "  ...processingEndpoints('/models', 'models', modelRowSchema),",
      "  restore: restoreEndpoint('/models/:id/restore', 'models'),",
      '};',
    ].join('\n');
    const output = stripEndpointSchemas(source);
    expect(output).toContain("...processingEndpoints('/models', 'models', undefined as never),");
    expect(output).toContain("restore: restoreEndpoint('/models/:id/restore', 'models'),");
    expect(output).not.toContain('modelRowSchema');
  });

  it('leaves a module without endpoints as it is', () => {
    const source = 'export const LIMIT = 5;\n';
    expect(stripEndpointSchemas(source)).toBe(source);
  });
});
