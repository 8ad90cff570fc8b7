/**
 * Reads a tar archive (ustar and pax, as `tar-writer.ts` and PGlite write them) from a stream,
 * entry by entry, without holding an entry's bytes in memory. The archive is untrusted input:
 * anything this reader does not understand is refused, never guessed at: a header whose checksum
 * fails, links, devices and FIFOs, GNU extensions, an archive that ends before its two zero blocks.
 * Names are given as written; what a name may be is the caller's rule (`backup-archive.ts`).
 */
import { TAR_BLOCK } from './tar-writer.ts';

export class TarFormatError extends Error {
  constructor(message: string) {
    super(`Not a readable archive: ${message}`);
    this.name = 'TarFormatError';
  }
}

export interface TarEntry {
  name: string;
  type: 'file' | 'directory';
  size: number;
  /** The entry's bytes; read them (or not) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
}

const MAX_PAX_BYTES = 1024 * 1024;
const REFUSED_TYPES: Record<string, string> = {
  '1': 'a hard link',
  '2': 'a symbolic link',
  '3': 'a character device',
  '4': 'a block device',
  '6': 'a FIFO',
  '7': 'a contiguous file',
  g: 'a global pax header',
  L: 'a GNU long name',
  K: 'a GNU long link name',
};

/** Bytes pulled from the source as they are asked for. */
class ByteSource {
  private readonly chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;

  constructor(private readonly iterator: AsyncIterator<Uint8Array>) {}

  private async fill(wanted: number): Promise<void> {
    while (this.buffered < wanted && !this.ended) {
      const next = await this.iterator.next();
      if (next.done) {
        this.ended = true;
        break;
      }
      const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      if (chunk.length === 0) continue;
      this.chunks.push(chunk);
      this.buffered += chunk.length;
    }
  }

  /** Up to `count` bytes: fewer only at the end of the source. */
  async read(count: number): Promise<Buffer> {
    await this.fill(count);
    const parts: Buffer[] = [];
    let needed = Math.min(count, this.buffered);
    while (needed > 0) {
      const first = this.chunks[0] as Buffer;
      const part = first.length <= needed ? (this.chunks.shift() as Buffer) : first.subarray(0, needed);
      if (part !== first) this.chunks[0] = first.subarray(needed);
      parts.push(part);
      this.buffered -= part.length;
      needed -= part.length;
    }
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  }

  /** At least one byte and at most `count` (what is buffered, else the next chunk); none at the end of the source. */
  async some(count: number): Promise<Buffer> {
    if (this.buffered === 0) await this.fill(1);
    return this.read(Math.min(count, this.buffered));
  }

  async skip(count: number, what: string): Promise<void> {
    for (let left = count; left > 0; ) {
      const piece = await this.some(left);
      if (piece.length === 0) throw new TarFormatError(`it ends inside ${what} (truncated)`);
      left -= piece.length;
    }
  }
}

/** An octal number field: digits, then NULs or spaces to its end. */
function octalField(block: Buffer, start: number, length: number, field: string): number {
  const text = block.toString('latin1', start, start + length);
  const match = /^ *([0-7]*)[\0 ]*$/.exec(text);
  if (!match) throw new TarFormatError(`its ${field} field is not an octal number`);
  const value = match[1] ? Number.parseInt(match[1], 8) : 0;
  if (!Number.isSafeInteger(value)) throw new TarFormatError(`its ${field} field is too large`);
  return value;
}

function textField(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.toString('utf8', 0, end === -1 ? length : end);
}

function checkHeader(block: Buffer): void {
  if (block.toString('latin1', 257, 262) !== 'ustar') throw new TarFormatError('a header is not a ustar header');
  const recorded = octalField(block, 148, 8, 'checksum');
  let sum = 0;
  for (let i = 0; i < TAR_BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (block[i] as number);
  if (sum !== recorded) throw new TarFormatError('a header checksum does not match (damaged or not a tar)');
}

/** The records of a pax header: `<length> <key>=<value>\n` each. */
function paxRecords(data: Buffer): Map<string, string> {
  const records = new Map<string, string>();
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const length = space === -1 ? Number.NaN : Number(data.toString('latin1', at, space));
    if (!Number.isSafeInteger(length) || length <= 0 || at + length > data.length || data[at + length - 1] !== 0x0a) {
      throw new TarFormatError('a pax header is malformed');
    }
    const record = data.toString('utf8', space + 1, at + length - 1);
    const equals = record.indexOf('=');
    if (equals <= 0) throw new TarFormatError('a pax record has no key');
    records.set(record.slice(0, equals), record.slice(equals + 1));
    at += length;
  }
  return records;
}

const isZero = (block: Buffer) => block.every((byte) => byte === 0);

/**
 * The archive's entries, in order. Throws `TarFormatError` where the archive is damaged,
 * truncated or holds what is refused; an entry's body left unread is skipped.
 */
export async function* readTar(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<TarEntry> {
  const bytes = new ByteSource(
    Symbol.asyncIterator in source
      ? source[Symbol.asyncIterator]()
      : (async function* () {
          yield* source;
        })(),
  );
  let pax: Map<string, string> | null = null;
  for (;;) {
    const block = await bytes.read(TAR_BLOCK);
    if (block.length === 0) throw new TarFormatError('it ends without its end marker (truncated)');
    if (block.length < TAR_BLOCK) throw new TarFormatError('it ends inside a header (truncated)');
    if (isZero(block)) {
      const second = await bytes.read(TAR_BLOCK);
      if (second.length < TAR_BLOCK || !isZero(second)) throw new TarFormatError('its end marker is incomplete');
      if (pax) throw new TarFormatError('a pax header is followed by no entry');
      // What follows the end marker (a blocking factor's padding) must be zeros.
      for (let rest = await bytes.read(64 * 1024); rest.length > 0; rest = await bytes.read(64 * 1024)) {
        if (!isZero(rest)) throw new TarFormatError('data follows its end marker');
      }
      return;
    }
    checkHeader(block);
    const typeflag = String.fromCharCode(block[156] as number);
    const headerSize = octalField(block, 124, 12, 'size');
    const padded = Math.ceil(headerSize / TAR_BLOCK) * TAR_BLOCK;
    if (typeflag === 'x') {
      if (pax) throw new TarFormatError('two pax headers in a row');
      if (headerSize > MAX_PAX_BYTES) throw new TarFormatError('a pax header is too large');
      const data = await bytes.read(padded);
      if (data.length < padded) throw new TarFormatError('it ends inside a pax header (truncated)');
      pax = paxRecords(data.subarray(0, headerSize));
      continue;
    }
    const refused = REFUSED_TYPES[typeflag];
    if (refused) throw new TarFormatError(`it holds ${refused}, which is refused`);
    if (typeflag !== '0' && typeflag !== '\0' && typeflag !== '5') {
      throw new TarFormatError(`it holds an entry of unknown type ${JSON.stringify(typeflag)}`);
    }
    const prefix = textField(block, 345, 155);
    let name = prefix ? `${prefix}/${textField(block, 0, 100)}` : textField(block, 0, 100);
    let size = headerSize;
    if (pax) {
      if (pax.has('linkpath')) throw new TarFormatError('it holds a link, which is refused');
      name = pax.get('path') ?? name;
      const paxSize = pax.get('size');
      if (paxSize !== undefined) {
        if (!/^\d{1,16}$/.test(paxSize)) throw new TarFormatError('a pax size is not a number');
        size = Number(paxSize);
        if (!Number.isSafeInteger(size)) throw new TarFormatError('a pax size is too large');
      }
      pax = null;
    }
    const type = typeflag === '5' ? 'directory' : 'file';
    if (type === 'directory') {
      if (size !== 0) throw new TarFormatError(`the directory ${JSON.stringify(name)} has a size`);
      if (name.endsWith('/')) name = name.slice(0, -1);
    }
    const what = JSON.stringify(name);
    let left = size;
    let started = false;
    async function* body(): AsyncGenerator<Buffer> {
      while (left > 0) {
        const piece = await bytes.some(left);
        if (piece.length === 0) throw new TarFormatError(`it ends inside ${what} (truncated)`);
        left -= piece.length;
        yield piece;
      }
    }
    yield {
      name,
      type,
      size,
      body: {
        [Symbol.asyncIterator]: () => {
          if (started) throw new Error(`tar: the body of ${what} is read once`);
          started = true;
          return body();
        },
      },
    };
    // What the caller left unread, then the padding to the next block.
    await bytes.skip(left, what);
    await bytes.skip((TAR_BLOCK - (size % TAR_BLOCK)) % TAR_BLOCK, `the padding of ${what}`);
  }
}
