/** Work in progress: replaced by the feature's screen. */
export function CategoryCreatePage() {
  return null;
}
export function CategoryEditPage() {
  return null;
}
