import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** How a text file is encoded, by its byte order mark (or, for XML without one, its `<?` written in UTF-16). */
export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'utf32';

const at = (head: Uint8Array, bytes: number[]) => bytes.every((b, i) => head[i] === b);

export function textEncoding(head: Uint8Array): TextEncoding {
  // UTF-32 LE's mark starts like UTF-16 LE's: test it first.
  if (at(head, [0xff, 0xfe, 0, 0]) || at(head, [0, 0, 0xfe, 0xff])) return 'utf32';
  if (at(head, [0xff, 0xfe]) || at(head, [0x3c, 0, 0x3f, 0])) return 'utf16le';
  if (at(head, [0xfe, 0xff]) || at(head, [0, 0x3c, 0, 0x3f])) return 'utf16be';
  return 'utf8';
}

export const ENCODING_LABEL: Record<TextEncoding, string> = {
  utf8: 'UTF-8',
  utf16le: 'UTF-16',
  utf16be: 'UTF-16',
  utf32: 'UTF-32',
};

/** The first bytes of a UTF-16 file as text (a character cut in half at the end is dropped). */
export function decodeUtf16Head(head: Uint8Array, encoding: 'utf16le' | 'utf16be'): string {
  return new TextDecoder(encoding === 'utf16le' ? 'utf-16le' : 'utf-16be').decode(
    head.subarray(0, head.length - (head.length % 2)),
  );
}

/** An XML declaration naming UTF-16: wrong once the bytes are UTF-8. */
const XML_DECLARED_UTF16 = /^(\s*<\?xml[^>]*?encoding\s*=\s*["'])UTF-16(?:LE|BE)?(["'])/i;

/**
 * Writes a UTF-8 copy of a UTF-16 text file into `folder` under the same name, streaming (memory stays flat for big
 * files); the byte order mark goes, and an XML declaration's encoding says UTF-8. The readers (assimp for Collada,
 * ours for OBJ, glTF, PLY, OFF) read UTF-8.
 */
export async function utf8CopyOf(filePath: string, encoding: 'utf16le' | 'utf16be', folder: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const target = path.join(folder, path.basename(filePath));
  const decoder = new TextDecoder(encoding === 'utf16le' ? 'utf-16le' : 'utf-16be');
  let first = true;
  async function* transcode(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      let text = decoder.decode(chunk, { stream: true });
      if (first && text.length > 0) {
        text = text.replace(XML_DECLARED_UTF16, '$1UTF-8$2');
        first = false;
      }
      yield Buffer.from(text, 'utf8');
    }
    yield Buffer.from(decoder.decode(), 'utf8');
  }
  await pipeline(createReadStream(filePath), transcode, createWriteStream(target));
  return target;
}
