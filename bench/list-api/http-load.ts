import autocannon from 'autocannon';
import { type Figures, summarize } from './stats.ts';

/** `connections` concurrent keep-alive connections for `seconds` (after a 1 s warm-up), 127.0.0.1 only. */
export async function loadHttp(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<Figures> {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error('the bench sends traffic to 127.0.0.1 only');
  const run = (duration: number, latencies: number[] | null) =>
    new Promise<{ errors: number; non2xx: number }>((resolve, reject) => {
      const instance = autocannon({ url, headers, connections, duration, timeout: 30 }, (error, result) => {
        if (error) return reject(error);
        resolve({ errors: result.errors + result.timeouts, non2xx: result.non2xx });
      });
      if (latencies) {
        instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
          if (status === 200) latencies.push(time);
          else statuses.set(status, (statuses.get(status) ?? 0) + 1);
        });
      }
    });
  const statuses = new Map<number, number>();
  await run(1, null);
  const latencies: number[] = [];
  const started = performance.now();
  const outcome = await run(seconds, latencies);
  const elapsed = (performance.now() - started) / 1000;
  if (statuses.size) process.stdout.write(`  non-200 answers: ${JSON.stringify(Object.fromEntries(statuses))}\n`);
  return summarize(latencies, elapsed, outcome.errors + outcome.non2xx);
}
