import { describe, expect, it } from 'vitest';
import { httpWorkerExecArgv } from './workers.ts';

describe('httpWorkerExecArgv', () => {
  it('gives an HTTP worker a larger young generation, after the flags the server was started with', () => {
    expect(httpWorkerExecArgv(['--import', 'tsx'])).toEqual(['--import', 'tsx', '--max-semi-space-size=64']);
  });

  it('leaves a semi-space size given on the command line or in NODE_OPTIONS as it is', () => {
    expect(httpWorkerExecArgv(['--max-semi-space-size=8'])).toEqual(['--max-semi-space-size=8']);
    expect(httpWorkerExecArgv([], '--enable-source-maps --max-semi-space-size=32')).toEqual([]);
  });
});
