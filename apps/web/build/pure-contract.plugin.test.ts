import { describe, expect, it } from 'vitest';
import { markSchemasPure } from './pure-contract.plugin.ts';

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
});
