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

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB" (binary multiples, as file managers show them), in the reader's number format. */
export function formatBytes(bytes: number, locale?: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** 850 → "850 ms", 12345 → "12.3 s", 125000 → "2 min 5 s". */
export function formatDuration(ms: number, locale?: string): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: seconds < 10 ? 2 : 1 }).format(seconds)} s`;
  }
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
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

/** Whether this browser can make a WebGL context; asked before the renderer (and three) is loaded. */
export function hasWebGl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!context) return false;
    context.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}
