/**
 * A tar (POSIX ustar, with pax headers where ustar falls short) written as a stream of chunks:
 * memory does not grow with the size of what goes in. `tar-reader.ts` reads it back.
 */

export const TAR_BLOCK = 512;
/** Two zero blocks end an archive. */
export const TAR_END = Buffer.alloc(TAR_BLOCK * 2);
/** The largest size the ustar header's 11 octal digits hold; a larger file gets a pax `size`. */
const USTAR_MAX_SIZE = 0o77777777777;
const NAME_BYTES = 100;
const PREFIX_BYTES = 155;

export interface TarHeaderInput {
  name: string;
  type: 'file' | 'directory';
  /** Bytes of a file (0 for a directory). */
  size: number;
  mtime?: Date;
  mode?: number;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** One 512-byte ustar header block. */
function ustarBlock(
  name: string,
  prefix: string,
  typeflag: string,
  size: number,
  mode: number,
  mtimeSeconds: number,
): Buffer {
  const block = Buffer.alloc(TAR_BLOCK);
  block.write(name, 0, NAME_BYTES, 'utf8');
  block.write(octal(mode, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(mtimeSeconds, 12), 136, 'ascii');
  block.write(typeflag, 156, 'ascii');
  block.write('ustar\x0000', 257, 'ascii');
  block.write(prefix, 345, PREFIX_BYTES, 'utf8');
  // The checksum is the sum of the header's bytes with its own field read as spaces.
  block.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** `name` split into ustar's prefix and name fields at a slash, or null when it does not fit (or is not ASCII). */
function splitName(name: string): { prefix: string; name: string } | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is the whole range here
  if (!/^[\x01-\x7f]*$/.test(name)) return null;
  if (name.length <= NAME_BYTES) return { prefix: '', name };
  for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
    if (cut > PREFIX_BYTES) break;
    if (name.length - cut - 1 <= NAME_BYTES && cut > 0)
      return { prefix: name.slice(0, cut), name: name.slice(cut + 1) };
  }
  return null;
}

/** One pax record: `<length> <key>=<value>\n`, where the length counts itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

export function tarPadding(size: number): Buffer {
  const rest = size % TAR_BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : TAR_BLOCK - rest);
}

/** The header of an entry: a pax header first when the name or size does not fit ustar's fields. */
export function tarHeader(entry: TarHeaderInput): Buffer {
  const mode = entry.mode ?? (entry.type === 'directory' ? 0o755 : 0o644);
  const mtime = Math.max(0, Math.floor((entry.mtime ?? new Date(0)).getTime() / 1000));
  const typeflag = entry.type === 'directory' ? '5' : '0';
  const size = entry.type === 'directory' ? 0 : entry.size;
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`tar: bad size ${size} for ${entry.name}`);
  const split = splitName(entry.name);
  const bigSize = size > USTAR_MAX_SIZE;
  if (split && !bigSize) return ustarBlock(split.name, split.prefix, typeflag, size, mode, mtime);
  const records = (split ? '' : paxRecord('path', entry.name)) + (bigSize ? paxRecord('size', String(size)) : '');
  const paxData = Buffer.from(records, 'utf8');
  const standIn = entry.name.replace(/[^\x20-\x7e]/g, '_').slice(-NAME_BYTES);
  return Buffer.concat([
    ustarBlock('PaxHeader', '', 'x', paxData.length, 0o644, mtime),
    paxData,
    tarPadding(paxData.length),
    ustarBlock(split?.name ?? standIn, split?.prefix ?? '', typeflag, bigSize ? 0 : size, mode, mtime),
  ]);
}

/** A file entry: header, exactly `size` bytes of `body` (fewer or more is an error), padding. */
export async function* tarFile(
  header: Omit<TarHeaderInput, 'type'>,
  body: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>,
): AsyncGenerator<Buffer> {
  yield tarHeader({ ...header, type: 'file' });
  let written = 0;
  for await (const chunk of body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    written += bytes.length;
    if (written > header.size) throw new Error(`tar: ${header.name} grew while it was being read`);
    yield bytes;
  }
  if (written !== header.size) throw new Error(`tar: ${header.name} has ${written} of its ${header.size} bytes`);
  yield tarPadding(header.size);
}
