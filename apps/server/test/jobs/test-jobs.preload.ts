import { addJobModule } from '#app/services.ts';
import { testRecordJob } from './test-jobs.ts';

/**
 * Preloaded into a server process by a test (`startServerProcess(…, { preload: [this file] })`):
 * adds the test job, and its handler, to the process's composition. Loaded by nothing else.
 */
const line = (msg: string, extra: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg, pid: process.pid, ...extra })}\n`);

addJobModule((services) => {
  services.jobs.define(testRecordJob);
  services.jobs.work(testRecordJob.name, async (payload, { id, attempt, signal }) => {
    const { marker, hangOnFirstAttempt } = payload as { marker: string; hangOnFirstAttempt: boolean };
    line('test job started', { id, marker, attempt });
    if (hangOnFirstAttempt && attempt === 1) {
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      throw new Error('the hanging run was stopped');
    }
    line('test job ran', { id, marker, attempt });
    return { pid: process.pid, attempt, marker };
  });
});
