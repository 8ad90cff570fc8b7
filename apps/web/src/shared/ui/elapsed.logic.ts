/**
 * The processing clock of models and items (processor cards, overview pages); `formatElapsed`
 * (lib/i18n/format.ts) writes it.
 * content.md §4: elapsed time is end minus start, or a running clock while unfinished. Null
 * before the start (or with an unreadable date).
 */
export function elapsedMs(startedAt: string | null, finishedAt: string | null, now: number): number | null {
  if (!startedAt) return null;
  const start = Date.parse(startedAt);
  const end = finishedAt ? Date.parse(finishedAt) : now;
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return Math.max(0, end - start);
}

/** Statuses that are still on their way: the clock runs. */
export function isRunning(status: string): boolean {
  return status === 'UPLOADING' || status === 'QUEUED' || status === 'PROCESSING';
}
