/**
 * One request at a time, each built afresh by the list engine (`Cache-Control: no-cache`), for
 * every scenario of the list benchmark: the latency a user opening the screen waits for, with
 * nothing else running. Reuses (or creates) the bench database as list-api.bench.ts does.
 *
 *   npm run bench:single -w bench [-- --only libraries --repeat 5]
 */
import { parseArgs } from 'node:util';
import { BASE_DOMAIN, httpCall, log, prepareDatabase, signIn, startServer, TENANT } from './bench-setup.ts';
import { fixtureIds, scenarios } from './scenarios.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    repeat: { type: 'string', default: '5' },
    items: { type: 'string', default: '1000000' },
    materials: { type: 'string', default: '100000' },
    'target-ms': { type: 'string', default: '50' },
  },
});
const repeat = Math.min(50, Math.max(1, Number(values.repeat)));
const target = Number(values['target-ms']);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main(): Promise<void> {
  const databaseUrl = await prepareDatabase(adminUrl, {
    items: Number(values.items),
    materials: Number(values.materials),
  });
  const host = `hatch-${TENANT}.${BASE_DOMAIN}`;
  const chosen = scenarios(await fixtureIds(databaseUrl)).filter((s) => !values.only || s.name.includes(values.only));
  const server = await startServer(databaseUrl);
  let over = 0;
  try {
    const token = await signIn(server.url, host, `${TENANT}-admin`);
    const headers = { host, authorization: `Bearer ${token}`, accept: 'application/json', 'cache-control': 'no-cache' };
    log(`${repeat} sequential uncached requests per call (first, median, worst in ms)`);
    for (const scenario of chosen) {
      const times: number[] = [];
      for (let i = 0; i < repeat; i++) {
        const started = performance.now();
        const answer = await httpCall(`${server.url}${scenario.path}`, { headers });
        times.push(Math.round((performance.now() - started) * 10) / 10);
        if (answer.status !== 200) throw new Error(`${scenario.path}: ${answer.status} ${answer.text.slice(0, 300)}`);
      }
      const sorted = [...times].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
      const worst = sorted[sorted.length - 1] ?? 0;
      if (median > target) over++;
      log(
        `${median > target ? 'SLOW' : 'ok  '} ${scenario.name.padEnd(44)} first ${String(times[0]).padStart(7)}  median ${String(median).padStart(7)}  worst ${String(worst).padStart(7)}   ${scenario.path}`,
      );
    }
  } finally {
    await server.stop();
  }
  log(`\n${over} of ${chosen.length} calls above ${target} ms (median).`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
