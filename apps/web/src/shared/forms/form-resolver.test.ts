import { materialSaveSchema, requiredText } from '@meshport/contract';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formResolver, isBlank, maxLengthOf } from './form-resolver.ts';

type Values = { name: string; description: string; categories: unknown[] };

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;
const messageFor = (field: string, code: string) => `${field}:${code}`;

describe('formResolver', () => {
  const resolver = formResolver<Values>(materialSaveSchema, messageFor);

  it('passes valid values on as entered (not parsed: no trimming, no transforms)', async () => {
    const values = { name: ' Chair ', description: '', categories: [3, 3] };
    expect(await resolver(values, undefined, options)).toEqual({ values, errors: {} });
  });

  it('puts one locale message per field, by field and issue code, never the contract text', async () => {
    const result = await resolver(
      { name: '   ', description: 'x'.repeat(2001), categories: ['a'] },
      undefined,
      options,
    );
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      name: { type: 'too_small', message: 'name:too_small', ref: undefined },
      description: { type: 'too_big', message: 'description:too_big', ref: undefined },
      // `categories.0` belongs to the categories field
      categories: expect.objectContaining({ message: expect.stringMatching(/^categories:/) }),
    });
  });

  it('reports refinements (custom) of a derived form schema', async () => {
    const confirm = formResolver<{ password: string; confirm: string }>(
      z
        .object({ password: requiredText(), confirm: z.string() })
        .refine((values) => values.password === values.confirm, { path: ['confirm'] }),
      messageFor,
    );
    const result = await confirm({ password: 'a', confirm: 'b' }, undefined, options as never);
    expect(result.errors).toEqual({ confirm: { type: 'custom', message: 'confirm:custom', ref: undefined } });
  });
});

describe('formResolver without a locale text for an issue', () => {
  it("keeps the contract's text, the one the server would answer", async () => {
    const resolver = formResolver<Values>(materialSaveSchema, (field, _code, blank) =>
      blank ? `${field} is required` : undefined,
    );
    const result = await resolver({ name: ' ', description: 'x'.repeat(2001), categories: [] }, undefined, options);
    expect(result.errors.name?.message).toBe('name is required');
    expect(result.errors.description?.message).toBe('At most 2000 characters.');
  });
});

describe('isBlank', () => {
  it('is true for nothing entered, false for any entry', () => {
    expect([undefined, null, '', '  ', []].map(isBlank)).toEqual([true, true, true, true, true]);
    expect(['a', 0, false, [1], new File([], 'x')].map(isBlank)).toEqual([false, false, false, false, false]);
  });
});

describe('maxLengthOf', () => {
  it('reads the longest text a schema takes, through optional, nullable and unions', () => {
    expect(maxLengthOf(requiredText(63))).toBe(63);
    expect(maxLengthOf(materialSaveSchema.shape.name)).toBe(255);
    expect(maxLengthOf(materialSaveSchema.shape.description)).toBe(2000);
    expect(maxLengthOf(z.number())).toBeUndefined();
  });
});
