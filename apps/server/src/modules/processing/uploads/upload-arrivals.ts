import { type Readable, Transform } from 'node:stream';

/** The most often a streaming write moves its upload's lapse on: at most every minute. */
const MAX_TOUCH_EVERY_MS = 60_000;

/**
 * Bytes of one write as they arrive: `touch` (which moves the upload's lapse on, in a short
 * transaction of its own) is called on the first chunk and then at most every quarter of the
 * idle time, so that a long write whose bytes keep coming does not lapse while it streams.
 * `touch` answering false (the upload lapsed or went meanwhile) stops the write.
 */
export class UploadArrivals {
  /** The upload was no longer open when bytes arrived: the write was stopped. */
  lapsed = false;
  private lastTouch: number;
  private readonly everyMs: number;

  constructor(
    idleSeconds: number,
    private readonly touch: () => Promise<boolean>,
    private readonly log: (error: unknown) => void,
    /** When the lapse last moved on (a creation has just set it); by default the first chunk moves it. */
    since = Number.NEGATIVE_INFINITY,
  ) {
    this.everyMs = Math.min((idleSeconds * 1000) / 4, MAX_TOUCH_EVERY_MS);
    this.lastTouch = since;
  }

  /** `source` passed through unchanged; a source that ends early fails the stream, as HeadCheck's does. */
  watch(source: Readable): Readable {
    const arrivals = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        const now = Date.now();
        if (now - this.lastTouch >= this.everyMs) {
          this.lastTouch = now;
          this.touch().then(
            (open) => {
              if (open || arrivals.destroyed) return;
              this.lapsed = true;
              source.unpipe(arrivals);
              source.resume();
              arrivals.destroy(new Error('The upload lapsed.'));
            },
            (error: unknown) => this.log(error),
          );
        }
        done(null, chunk);
      },
    });
    source.on('error', (error) => arrivals.destroy(error));
    source.on('close', () => {
      if (!source.readableEnded && !arrivals.destroyed) arrivals.destroy(new Error('The client stopped sending.'));
    });
    source.pipe(arrivals);
    return arrivals;
  }
}
