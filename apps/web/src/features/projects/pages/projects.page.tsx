/** Work in progress: replaced by the feature's screen. */
export function ProjectsPage() {
  return null;
}
