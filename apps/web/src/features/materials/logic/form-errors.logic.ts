/**
 * The locale key (materials namespace) of a client-side validation issue of the material and
 * category forms, by field and zod issue code.
 */
export function fieldMessageKey(field: string, code: string): string {
  if (field === 'preview_image') return code === 'too_big' ? 'form.errors.fileTooLarge' : 'form.errors.fileType';
  if (code === 'too_big') return 'form.errors.tooLong';
  if (code === 'custom' && field === 'name') return 'form.errors.reserved';
  return 'form.errors.required';
}
