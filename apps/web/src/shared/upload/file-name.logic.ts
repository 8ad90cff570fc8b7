/** A record's default name from its file: the name without its extension (`spider-obj.zip` → `spider-obj`). */
export function nameFromFileName(fileName: string): string {
  const base = fileName.replaceAll('\\', '/').split('/').pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return stem.trim().slice(0, 255);
}
