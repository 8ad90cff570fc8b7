import { formatBytes, type LocaleOption } from '@/lib/i18n/format.ts';

/** How much of the previous speed a new measurement keeps (exponential moving average). */
const SPEED_SMOOTHING = 0.7;
/** Measurements closer together than this are merged, so one fast callback does not spike the speed. */
const MIN_SAMPLE_MS = 250;

export interface SpeedState {
  /** Bytes sent at `at`. */
  bytes: number;
  /** Milliseconds (any monotonic clock). */
  at: number;
  /** Smoothed bytes per second, null until two samples were seen. */
  speed: number | null;
}

/**
 * The speed after a progress report of `bytes` at `now`: from the bytes sent since the previous
 * sample (a resumed upload starts high without counting what was sent before), smoothed.
 */
export function nextSpeed(previous: SpeedState | null, bytes: number, now: number): SpeedState {
  if (!previous || bytes < previous.bytes) return { bytes, at: now, speed: null };
  const elapsed = now - previous.at;
  if (elapsed < MIN_SAMPLE_MS) return previous;
  const measured = ((bytes - previous.bytes) * 1000) / elapsed;
  const speed =
    previous.speed === null ? measured : previous.speed * SPEED_SMOOTHING + measured * (1 - SPEED_SMOOTHING);
  return { bytes, at: now, speed };
}

/** `2.4 MB/s`. */
export function formatSpeed(bytesPerSecond: number, options: LocaleOption = {}): string {
  return `${formatBytes(bytesPerSecond, options)}/s`;
}

export interface TimeLeft {
  unit: 'seconds' | 'minutes' | 'hours';
  count: number;
}

/**
 * Roughly how long the rest takes at this speed ('about 1 min left'): seconds in fives below a
 * minute, whole minutes below an hour, then hours. Null when the speed is not known yet.
 */
export function timeLeft(remainingBytes: number, bytesPerSecond: number | null): TimeLeft | null {
  if (bytesPerSecond === null || bytesPerSecond <= 0 || !Number.isFinite(bytesPerSecond)) return null;
  const seconds = Math.max(0, remainingBytes) / bytesPerSecond;
  const fives = Math.max(5, Math.ceil(seconds / 5) * 5);
  if (fives < 60) return { unit: 'seconds', count: fives };
  if (seconds < 3570) return { unit: 'minutes', count: Math.max(1, Math.round(seconds / 60)) };
  return { unit: 'hours', count: Math.round(seconds / 3600) };
}

/** Whole percent sent, 0–100 (100 only when every byte is there). */
export function percentOf(bytes: number, total: number): number {
  if (total <= 0) return 0;
  if (bytes >= total) return 100;
  return Math.min(99, Math.floor((bytes / total) * 100));
}
