import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

interface SafeParseSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; code: string }[] } };
}

/**
 * Validates a react-hook-form form with a contract zod schema. Messages come from the locale
 * files, looked up by field and issue code, never from the schema's English text.
 */
export function zodResolver<TValues extends FieldValues>(
  schema: SafeParseSchema,
  messageFor: (field: string, code: string) => string,
): Resolver<TValues> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      errors[field] ??= { type: issue.code, message: messageFor(field, issue.code) };
    }
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}
