import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface IndexedFile {
  /** Relative path inside the upload, forward slashes. */
  name: string;
  filePath: string;
  size: number;
}

const MAX_SIBLINGS = 2000;

/**
 * The files of one upload (a bundle's contents, or a single file and its folder), to resolve references from a model
 * (mtllib, map_Kd, image and buffer URIs) the way authoring tools write them: Windows paths, wrong letter case,
 * absolute paths from another machine, files moved to a subfolder.
 */
export class FileIndex {
  private readonly byPath = new Map<string, IndexedFile>();
  private readonly byBase = new Map<string, IndexedFile[]>();

  constructor(readonly files: readonly IndexedFile[]) {
    for (const file of files) {
      this.byPath.set(file.name.toLowerCase(), file);
      const base = path.posix.basename(file.name).toLowerCase();
      const list = this.byBase.get(base) ?? [];
      list.push(file);
      this.byBase.set(base, list);
    }
  }

  /** The files of a folder (recursively, bounded) — for a single-file upload whose folder is its own. */
  static async ofFolder(dir: string): Promise<FileIndex> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    const files: IndexedFile[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      if (files.length >= MAX_SIBLINGS) break;
      const filePath = path.join(entry.parentPath, entry.name);
      files.push({
        name: path.relative(dir, filePath).split(path.sep).join('/'),
        filePath,
        size: (await stat(filePath)).size,
      });
    }
    return new FileIndex(files);
  }

  /** Resolves `reference` as written in the model at `fromName` (a relative name in this index). */
  resolve(reference: string, fromName: string): IndexedFile | undefined {
    let ref = reference.trim().replaceAll('\\', '/');
    if (ref.startsWith('file://')) ref = ref.slice('file://'.length);
    try {
      ref = decodeURIComponent(ref);
    } catch {
      // Keep the raw reference: a name with a literal % sign.
    }
    const fromDir = path.posix.dirname(fromName);
    if (!ref.startsWith('/') && !/^[a-zA-Z]:/.test(ref)) {
      const joined = path.posix.normalize(path.posix.join(fromDir, ref));
      const exact = this.byPath.get(joined.toLowerCase());
      if (exact) return exact;
    }
    const base = path.posix.basename(ref).toLowerCase();
    const candidates = this.byBase.get(base);
    if (!candidates || candidates.length === 0) return undefined;
    // Prefer the candidate nearest to the model's folder.
    return [...candidates].sort((a, b) => distance(a.name, fromDir) - distance(b.name, fromDir))[0];
  }
}

function distance(name: string, fromDir: string) {
  const rel = path.posix.relative(fromDir === '.' ? '' : fromDir, path.posix.dirname(name));
  return rel === '' ? 0 : rel.split('/').length;
}

export function baseName(reference: string): string {
  return path.posix.basename(reference.trim().replaceAll('\\', '/'));
}
