import { type Readable, Transform } from 'node:stream';
import { detectUploadKind, type UploadKind } from '#modules/processing/conversion/file-kind.ts';

/** How much of the start of a file the content check needs (less when the whole file is shorter). */
export const HEAD_BYTES = 4096;

class UploadContentRefused extends Error {
  constructor() {
    super('The content does not match the file name.');
  }
}

/**
 * The content check of an upload (design: uploads are untrusted, their type is checked by content,
 * not by name), on the bytes as they stream in: it keeps the first bytes (after those earlier
 * writes kept, `prior`) and judges them with `detectUploadKind` as soon as HEAD_BYTES have arrived,
 * so that a mismatch stops the write there instead of after gigabytes.
 */
export class HeadCheck {
  private chunks: Buffer[];
  private length: number;
  /** The kind, once the first HEAD_BYTES matched the name. */
  kind: UploadKind | null = null;
  /** The first HEAD_BYTES did not match the name: the write was stopped. */
  refused = false;

  constructor(
    prior: Buffer,
    private readonly fileName: string,
  ) {
    this.chunks = prior.length ? [prior] : [];
    this.length = prior.length;
  }

  /** The first bytes of the file seen so far (at most HEAD_BYTES). */
  get head(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }

  /** Judges a file shorter than HEAD_BYTES once all of it has arrived. */
  judgeWhole(): UploadKind | null {
    this.kind = detectUploadKind(this.head, this.fileName);
    this.refused = this.kind === null;
    return this.kind;
  }

  /**
   * `source` passed through unchanged (and never buffered beyond its chunks); fails with
   * `refused` set once the first HEAD_BYTES contradict the name. A source that ends early
   * (the client went away) fails the stream, so the store keeps what arrived.
   */
  watch(source: Readable): Readable {
    const check = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        if (this.kind === null && this.length < HEAD_BYTES) {
          const take = chunk.subarray(0, HEAD_BYTES - this.length);
          this.chunks.push(Buffer.from(take));
          this.length += take.length;
          if (this.length >= HEAD_BYTES && this.judgeWhole() === null) {
            source.unpipe(check);
            // The rest of the body is read and dropped, so that the client gets to read the answer.
            source.resume();
            done(new UploadContentRefused());
            return;
          }
        }
        done(null, chunk);
      },
    });
    source.on('error', (error) => check.destroy(error));
    source.on('close', () => {
      if (!source.readableEnded && !check.destroyed) check.destroy(new Error('The client stopped sending.'));
    });
    source.pipe(check);
    return check;
  }
}

/** The kind of a stored upload judged by its first bytes, read back from the storage. */
export async function kindOfStored(stream: Readable, fileName: string): Promise<UploadKind | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= HEAD_BYTES) break;
  }
  stream.destroy();
  return detectUploadKind(Buffer.concat(chunks, length).subarray(0, HEAD_BYTES), fileName);
}
