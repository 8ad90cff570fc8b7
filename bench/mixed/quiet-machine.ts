import fs from 'node:fs';
import pg from 'pg';

/** Busy and total CPU time of the whole machine so far (/proc/stat, Linux). */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    const total = ticks.reduce((sum, n) => sum + n, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * Waits until the machine's CPUs are below `busyShare` busy for a whole second (at most
 * `maxMs`): a server's start-up work (warm-ups, the pipeline's engines, runs a previous load
 * left queued) ends before single requests are timed "alone". Answers the wait in ms.
 */
export async function waitForQuietMachine(busyShare = 0.15, maxMs = 90_000): Promise<number> {
  const started = performance.now();
  let before = cpuTimes();
  if (!before) return 0;
  while (performance.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = cpuTimes();
    if (!now) return 0;
    const share = (now.busy - before.busy) / Math.max(1, now.total - before.total);
    before = now;
    if (share < busyShare) break;
  }
  return performance.now() - started;
}

/**
 * Before each timed phase (bare SQL, served): the database writes out what the phase before
 * dirtied (a CHECKPOINT) and the machine's CPUs settle, so that no phase pays for the writes,
 * vacuum or checkpoint of the one before it (the served load used to start right after the
 * bare-SQL replay's writes). On a server with autovacuum off (this machine's CI configuration,
 * `conf.d/90-ci.conf`), the bench first does what autovacuum does in production: every run's
 * saves left their dead rows behind (5,419 dead beside 5,112 live projects after a morning of
 * runs, never vacuumed), and each run was slower than the one before it (1,036 → 797 req/s).
 */
export async function settleBeforePhase(databaseUrl: string | null): Promise<number> {
  const started = performance.now();
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ autovacuum: string }>("select current_setting('autovacuum') as autovacuum");
      if (rows[0]?.autovacuum === 'off') await client.query('vacuum (analyze)');
      await client.query('checkpoint');
    } finally {
      await client.end();
    }
  }
  await waitForQuietMachine();
  return performance.now() - started;
}
