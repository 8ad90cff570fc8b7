/**
 * The processing clock of models and items (processor cards, overview pages).
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

/** 3723000 → '1:02:03'; under an hour '2:03'. */
export function formatElapsed(ms: number): string {
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** Statuses that are still on their way: the clock runs. */
export function isRunning(status: string): boolean {
  return status === 'UPLOADING' || status === 'QUEUED' || status === 'PROCESSING';
}
