import { describe, expect, it } from 'vitest';
import { ORBIT_STEP, orderedSteps, viewerAvailability, viewerKeyAction, ZOOM_STEP } from './viewer.logic.ts';

describe('viewerAvailability', () => {
  it('is ready once finished (or archived) with a GLB', () => {
    expect(viewerAvailability('FINISHED', '/v2/projects/models/1/files/glb')).toBe('ready');
    expect(viewerAvailability('ARCHIVED', '/v2/libraries/items/1/files/glb')).toBe('ready');
  });

  it('waits while processing runs, even when an older GLB is still there', () => {
    for (const status of ['UPLOADING', 'QUEUED', 'PROCESSING']) {
      expect(viewerAvailability(status, null)).toBe('waiting');
      expect(viewerAvailability(status, '/old.glb')).toBe('waiting');
    }
  });

  it('is unavailable after a failure, a cancel, or without a GLB', () => {
    expect(viewerAvailability('FAILED', null)).toBe('unavailable');
    expect(viewerAvailability('CANCELLED', null)).toBe('unavailable');
    expect(viewerAvailability('FINISHED', null)).toBe('unavailable');
  });
});

describe('orderedSteps', () => {
  it('lists the pipeline’s steps in order, unknown steps last', () => {
    expect(orderedSteps({ finish: 3, extra: 9, store: 1, convert: 2 })).toEqual([
      { step: 'store', ms: 1 },
      { step: 'convert', ms: 2 },
      { step: 'finish', ms: 3 },
      { step: 'extra', ms: 9 },
    ]);
    expect(orderedSteps({})).toEqual([]);
  });
});

describe('viewerKeyAction', () => {
  it('orbits with the arrows', () => {
    expect(viewerKeyAction('ArrowLeft')).toEqual({ kind: 'orbit', left: ORBIT_STEP, up: 0 });
    expect(viewerKeyAction('ArrowRight')).toEqual({ kind: 'orbit', left: -ORBIT_STEP, up: 0 });
    expect(viewerKeyAction('ArrowUp')).toEqual({ kind: 'orbit', left: 0, up: ORBIT_STEP });
    expect(viewerKeyAction('ArrowDown')).toEqual({ kind: 'orbit', left: 0, up: -ORBIT_STEP });
  });

  it('zooms with + and - (also = and _ for keyboards without a plus key)', () => {
    expect(viewerKeyAction('+')).toEqual({ kind: 'zoom', factor: ZOOM_STEP });
    expect(viewerKeyAction('=')).toEqual({ kind: 'zoom', factor: ZOOM_STEP });
    expect(viewerKeyAction('-')).toEqual({ kind: 'zoom', factor: 1 / ZOOM_STEP });
  });

  it('resets with R, toggles wireframe with W, ignores other keys', () => {
    expect(viewerKeyAction('r')).toEqual({ kind: 'reset' });
    expect(viewerKeyAction('R')).toEqual({ kind: 'reset' });
    expect(viewerKeyAction('w')).toEqual({ kind: 'wireframe' });
    expect(viewerKeyAction('Tab')).toBeNull();
    expect(viewerKeyAction('Enter')).toBeNull();
  });
});
