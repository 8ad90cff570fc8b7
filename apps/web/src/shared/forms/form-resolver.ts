import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';

/**
 * The locale text of a client-side issue, by the form's field, the zod issue code and whether the
 * field is blank (a required field left empty); undefined keeps the contract's text, which is what
 * the server's 422 would have said.
 */
export type FieldMessage = (field: string, code: string, blank: boolean) => string | undefined;

/** Nothing entered: no value, only spaces, no file, nothing chosen. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/** The first error leaf (`{ type, message }`) under a nested error of react-hook-form. */
function firstLeaf(error: unknown): FieldError | null {
  if (typeof error !== 'object' || error === null) return null;
  if (typeof (error as FieldError).type === 'string') return error as FieldError;
  for (const value of Object.values(error)) {
    const leaf = firstLeaf(value);
    if (leaf) return leaf;
  }
  return null;
}

/**
 * A form's resolver: `zodResolver` of `@hookform/resolvers` with a contract schema (or one derived
 * from it). Each field shows one message, its first issue's, from the locale files by field and
 * issue code (or, where the form names none, the contract's text that the server would answer). An issue nested in a field
 * (`labels.0`) belongs to its field (`labels`). Submit receives the values as entered (`raw`).
 */
export function formResolver<TValues extends FieldValues>(
  schema: z.$ZodType,
  messageFor: FieldMessage,
): Resolver<TValues> {
  const resolve = zodResolver(schema as z.$ZodType<unknown, FieldValues>, undefined, { raw: true });
  return async (values, context, options) => {
    const result = await resolve(values, context, options as never);
    const errors: Record<string, FieldError> = {};
    for (const [field, error] of Object.entries(result.errors)) {
      const leaf = firstLeaf(error);
      if (leaf) {
        const message = messageFor(field, String(leaf.type), isBlank(values[field])) ?? leaf.message;
        errors[field] = { type: leaf.type, message, ref: leaf.ref };
      }
    }
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}

/** The longest text a string schema (also inside optional, nullable or a union) accepts: an input's maxLength. */
export function maxLengthOf(schema: z.$ZodType): number | undefined {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  if (def.type === 'string') return (schema as { maxLength?: number | null }).maxLength ?? undefined;
  const inner = (def.innerType ?? def.in) as z.$ZodType | undefined;
  if (inner) return maxLengthOf(inner);
  if (Array.isArray(def.options)) {
    for (const option of def.options as z.$ZodType[]) {
      const max = maxLengthOf(option);
      if (max !== undefined) return max;
    }
  }
  return undefined;
}

/** The messages of a form that says only "required" itself: its text for a blank field, the contract's otherwise. */
export function requiredMessage(text: string): FieldMessage {
  return (_field, _code, blank) => (blank ? text : undefined);
}
