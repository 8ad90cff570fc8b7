/**
 * Entry of the converter child process (see converter.ts): runs one conversion at a time on request over IPC.
 * It holds assimp's WebAssembly module and the glTF tools warm between jobs.
 */
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { warmAssimp } from './assimp-import.ts';
import { runConversion } from './conversion-pipeline.ts';
import { ConversionError, UNREADABLE_MESSAGE } from './conversion-types.ts';
import type { WorkerReply, WorkerRequest } from './converter-protocol.ts';
import { gltfIO } from './gltf-io.ts';

sharp.cache(false);
sharp.concurrency(2);

const send = (reply: WorkerReply) => process.send?.(reply);

process.on('uncaughtException', (error) => {
  console.error('[converter] uncaught:', error);
  process.exit(70);
});
process.on('unhandledRejection', (error) => {
  console.error('[converter] unhandled rejection:', error);
  process.exit(70);
});
process.on('disconnect', () => process.exit(0));

// 'disconnect' waits for the event loop, and a step can hold it for seconds (a WebAssembly call on a large
// file): a server killed meanwhile would leave this process converting for nobody. A thread of its own
// notices the parent is gone (the process is handed to another parent) and ends the process at once.
new Worker(
  `const { workerData } = require('node:worker_threads');
   setInterval(() => { if (process.ppid !== workerData.parent) process.kill(process.pid, 'SIGKILL'); }, 250);`,
  { eval: true, workerData: { parent: process.ppid } },
).unref();

process.on('message', (request: WorkerRequest) => {
  if (request.type !== 'convert') return;
  const { id, input } = request;
  runConversion(input, (report) => send({ type: 'step', id, report })).then(
    (result) => send({ type: 'done', id, result }),
    (error: unknown) => {
      if (error instanceof ConversionError) {
        send({ type: 'failed', id, step: error.step, message: error.message, coded: error.coded });
      } else {
        console.error('[converter] failed:', error);
        send({ type: 'failed', id, step: 'convert', message: UNREADABLE_MESSAGE });
      }
    },
  );
});

await Promise.all([gltfIO(), warmAssimp()]);
send({ type: 'ready' });
