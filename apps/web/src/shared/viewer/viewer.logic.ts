import { PROCESSING_STEPS } from '@meshport/contract';

/** What the viewer box shows for a record: its 3D view, a wait for processing, or that there is none. */
export type ViewerAvailability = 'ready' | 'waiting' | 'unavailable';

const RUNNING = new Set(['UPLOADING', 'QUEUED', 'PROCESSING']);
const VIEWABLE = new Set(['FINISHED', 'ARCHIVED']);

/** A record can be viewed once processing finished and left a GLB; while it runs, the view waits. */
export function viewerAvailability(status: string, glbUrl: string | null): ViewerAvailability {
  if (VIEWABLE.has(status) && glbUrl !== null) return 'ready';
  if (RUNNING.has(status)) return 'waiting';
  return 'unavailable';
}

/** The measured steps in pipeline order, then any step the web does not know yet. */
export function orderedSteps(stepsMs: Record<string, number>): { step: string; ms: number }[] {
  const known: string[] = PROCESSING_STEPS.filter((step) => step in stepsMs);
  const others = Object.keys(stepsMs).filter((step) => !known.includes(step));
  return [...known, ...others].map((step) => ({ step, ms: stepsMs[step] ?? 0 }));
}

/** What a key does on the focused viewer. */
export type ViewerKeyAction =
  | { kind: 'orbit'; left: number; up: number }
  | { kind: 'zoom'; factor: number }
  | { kind: 'reset' }
  | { kind: 'wireframe' };

/** Radians per arrow key press. */
export const ORBIT_STEP = Math.PI / 18;
/** Zoom factor per +/- press. */
export const ZOOM_STEP = 1.2;

/** The viewer's keys: arrows orbit, + and - zoom, R resets the view, W toggles wireframe. */
export function viewerKeyAction(key: string): ViewerKeyAction | null {
  switch (key) {
    case 'ArrowLeft':
      return { kind: 'orbit', left: ORBIT_STEP, up: 0 };
    case 'ArrowRight':
      return { kind: 'orbit', left: -ORBIT_STEP, up: 0 };
    case 'ArrowUp':
      return { kind: 'orbit', left: 0, up: ORBIT_STEP };
    case 'ArrowDown':
      return { kind: 'orbit', left: 0, up: -ORBIT_STEP };
    case '+':
    case '=':
      return { kind: 'zoom', factor: ZOOM_STEP };
    case '-':
    case '_':
      return { kind: 'zoom', factor: 1 / ZOOM_STEP };
    case 'r':
    case 'R':
      return { kind: 'reset' };
    case 'w':
    case 'W':
      return { kind: 'wireframe' };
    default:
      return null;
  }
}
