import type { FinishEvents, FinishFrame } from './viewer-finishes.ts';

/** What is written to: the viewer's root element. */
type DataElement = Pick<HTMLElement, 'dataset'>;

/**
 * The finishes' progress on the viewer's root element, written by the engine without a React render, for the page
 * and the browser tests to read:
 * - `data-finish-state`: `loading` while a chosen finish's maps load, then `ready` (absent until a finish is chosen);
 * - `data-finish-ms`: for the last choice shown whole, the milliseconds from the choice to the end of the frame that
 *   showed it (one frame when its maps were decoded);
 * - `data-finish-drawn-at`: that frame's `performance.now()`, to measure from a click.
 */
export function finishAttributeEvents(
  root: () => DataElement | null,
  listeners: {
    onShown: { current: ((frame: FinishFrame) => void) | undefined };
    onError: (error: unknown) => void;
  },
): FinishEvents {
  return {
    onShown: (frame) => {
      const element = root();
      if (!element) return;
      element.dataset.finishMs = frame.ms.toFixed(1);
      element.dataset.finishDrawnAt = frame.drawnAt.toFixed(1);
      listeners.onShown.current?.(frame);
    },
    onState: (state) => {
      const element = root();
      if (element) element.dataset.finishState = state;
    },
    onError: listeners.onError,
  };
}

/** Another model: no finish chosen or shown yet. */
export function clearFinishAttributes(element: DataElement | null): void {
  if (!element) return;
  delete element.dataset.finishState;
  delete element.dataset.finishMs;
  delete element.dataset.finishDrawnAt;
}
