import { describe, expect, it } from 'vitest';
import { clearFinishAttributes, finishAttributeEvents } from './finish-attributes.ts';
import type { FinishFrame } from './viewer-finishes.ts';

describe('finishAttributeEvents', () => {
  it('writes the finishes’ progress on the viewer and passes each shown frame on', () => {
    const element: { dataset: DOMStringMap } = { dataset: {} };
    const frames: FinishFrame[] = [];
    const errors: unknown[] = [];
    const events = finishAttributeEvents(() => element, {
      onShown: { current: (frame) => frames.push(frame) },
      onError: (error) => errors.push(error),
    });
    events.onState?.('loading');
    expect(element.dataset).toEqual({ finishState: 'loading' });
    events.onState?.('ready');
    events.onShown?.({ slot: 1, ms: 12.345, drawnAt: 5000.06 });
    expect(element.dataset).toEqual({ finishState: 'ready', finishMs: '12.3', finishDrawnAt: '5000.1' });
    expect(frames).toEqual([{ slot: 1, ms: 12.345, drawnAt: 5000.06 }]);
    events.onError?.('lost');
    expect(errors).toEqual(['lost']);

    clearFinishAttributes(element);
    expect(element.dataset).toEqual({});
  });

  it('writes nothing once the viewer is gone', () => {
    const frames: FinishFrame[] = [];
    const events = finishAttributeEvents(() => null, {
      onShown: { current: (frame) => frames.push(frame) },
      onError: () => {},
    });
    events.onShown?.({ slot: 0, ms: 1, drawnAt: 2 });
    events.onState?.('ready');
    expect(frames).toEqual([]);
  });
});
