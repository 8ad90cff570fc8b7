import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { type CodedText, codedText } from '@meshport/contract';
import type { FileStorage } from '#core/storage/file-storage.ts';

/** A file name safe as one path segment in the work folder; the extension is what matters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '');
  return cleaned.slice(-120) || 'upload';
}

/** store: the original, out of storage (a folder or S3) into the run's work folder. */
export async function storeStep(
  storage: FileStorage,
  original: { key: string; name: string },
  workDir: string,
): Promise<{ localPath: string; bytes: number; message: CodedText }> {
  const localPath = path.join(workDir, 'original', safeFileName(original.name));
  await mkdir(path.dirname(localPath), { recursive: true });
  await storage.downloadTo(original.key, localPath);
  const { size } = await stat(localPath);
  return { localPath, bytes: size, message: codedText('stored', { fileName: original.name, sizeBytes: String(size) }) };
}
