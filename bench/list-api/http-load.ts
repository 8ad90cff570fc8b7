import autocannon from 'autocannon';
import { type Figures, summarize } from './stats.ts';

const WARM_UP_SECONDS = 3;

/**
 * `connections` concurrent keep-alive connections, 127.0.0.1 only: one continuous run whose
 * first WARM_UP_SECONDS are not recorded. (A separate warm-up run would close its connections
 * with requests still queued in the server, which then delay the measured ones.)
 */
export async function loadHttp(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<Figures> {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error('the bench sends traffic to 127.0.0.1 only');
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let failures = 0;
  const measuredFrom = performance.now() + WARM_UP_SECONDS * 1000;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      { url, headers, connections, duration: WARM_UP_SECONDS + seconds, timeout: 30 },
      (error, result) => {
        if (error) return reject(error);
        // Errors and timeouts are not reported per request; count those of the whole run.
        failures = result.errors + result.timeouts;
        resolve();
      },
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
      if (performance.now() < measuredFrom) return;
      if (status === 200) latencies.push(time);
      else statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
  if (statuses.size) process.stdout.write(`  non-200 answers: ${JSON.stringify(Object.fromEntries(statuses))}\n`);
  const non200 = [...statuses.values()].reduce((sum, n) => sum + n, 0);
  return summarize(latencies, seconds, failures + non200);
}
