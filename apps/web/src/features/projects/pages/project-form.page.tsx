/** Work in progress: replaced by the feature's screen. */
export function ProjectCopyPage() {
  return null;
}
export function ProjectCreatePage() {
  return null;
}
export function ProjectEditPage() {
  return null;
}
