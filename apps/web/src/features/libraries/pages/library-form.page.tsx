/** Work in progress: replaced by the feature's screen. */
export function LibraryCreatePage() {
  return null;
}
export function LibraryEditPage() {
  return null;
}
