/** Work in progress: replaced by the feature's screen. */
export function LibrariesPage() {
  return null;
}
