/**
 * Where a create form lands after saving (issue 31). One rule for every create form: a form
 * opened from a record to add to it (a model to a project, an item or sub-library to a library, a
 * material or sub-category to a category) returns to that record, where the new one now shows; a
 * form opened from a list opens the new record. The processor, where editors watch what they add
 * being processed, counts as such a page: a form opened from it returns there. `container` is the
 * page the form was opened from, null when it was opened from a list.
 */
export function afterCreate(container: string | null, created: string): string {
  return container ?? created;
}
