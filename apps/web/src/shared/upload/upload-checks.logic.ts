import {
  API_PREFIX,
  acceptsUpload,
  FILE_INVALID_TYPE,
  FILE_TOO_LARGE,
  UPLOADS_PATH,
  type UploadPurpose,
  uploadExtension,
  uploadExtensions,
} from '@meshport/contract';

/** The numbers of the upload widget (administration.md §9 and the tus transfer). */
export const UPLOAD_WIDGET = Object.freeze({
  /** Where tus uploads go (same origin, the session cookie goes along). */
  endpoint: `${API_PREFIX}${UPLOADS_PATH}`,
  /** Bytes per PATCH: a pause or a lost connection loses at most this much. */
  chunkSize: 8 * 1024 * 1024,
  /** Image fields: the preview's height, never below 44 nor above 256 px. */
  previewHeight: 250,
  previewMinHeight: 44,
  previewMaxHeight: 256,
  /** Image fields: thumbnails are 100×100, cover mode, JPEG at quality 50. */
  thumbnailSize: 100,
  thumbnailQuality: 0.5,
  /** iOS refuses canvases above 4096×4096 pixels of area: sources are scaled down below it first. */
  canvasMaxArea: 4096 * 4096,
});

export type UploadProblem = 'invalidType' | 'tooLarge';

/** Why a file may not be sent for a purpose (its name's extension, then its size), or null. */
export function uploadProblem(
  purpose: UploadPurpose,
  file: { name: string; size: number },
  maxBytes: number,
): UploadProblem | null {
  if (!acceptsUpload(purpose, file.name)) return 'invalidType';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}

/** The chooser's `accept`: the purpose's extensions (`.fbx,.obj,…`). */
export function uploadAccept(purpose: UploadPurpose): string {
  return uploadExtensions(purpose).join(',');
}

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
};

/**
 * The `filetype` metadata, from the name only (browsers give nothing for `.fbx` and guess
 * differently for the rest): zips (`.zip`, `.matz`) are `application/zip`, common images their
 * image type, everything else `application/octet-stream`.
 */
export function uploadMimeType(fileName: string): string {
  const extension = uploadExtension(fileName);
  if (extension === '.zip' || extension === '.matz') return 'application/zip';
  return IMAGE_TYPES[extension] ?? 'application/octet-stream';
}

/** The upload id of a tus upload URL: its last path segment. */
export function uploadIdFromUrl(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return path.replace(/\/+$/, '').split('/').pop() ?? '';
}

/** The problem a server refusal names: the server's own texts of 413 and 415 (and 422 on `file`). */
export function problemOfServerMessage(message: string | null): UploadProblem | null {
  if (message === FILE_TOO_LARGE) return 'tooLarge';
  if (message === FILE_INVALID_TYPE) return 'invalidType';
  return null;
}

/** The `message` of a JSON error body (`{message}` or `{errors: {file: [...]}}`), or null. */
export function serverMessage(responseText: string | null | undefined): string | null {
  if (!responseText) return null;
  try {
    const body: unknown = JSON.parse(responseText);
    if (!body || typeof body !== 'object') return null;
    const { message, errors } = body as { message?: unknown; errors?: Record<string, unknown> };
    const first = Object.values(errors ?? {}).find((list): list is string[] => Array.isArray(list));
    const fieldMessage = first?.[0];
    if (typeof message === 'string' && message) return message;
    return typeof fieldMessage === 'string' ? fieldMessage : null;
  } catch {
    return null;
  }
}

export type UploadFailure =
  /** The server refused the file (413, 415, 422): its message, not worth retrying. */
  | { kind: 'refused'; problem: UploadProblem | null; message: string | null }
  /** The connection broke or the server had trouble: Retry continues where it stopped. */
  | { kind: 'interrupted'; message: string | null };

/** What a failed tus request means for the user, from its status and JSON body. */
export function uploadFailure(
  status: number | null | undefined,
  responseText: string | null | undefined,
): UploadFailure {
  const message = serverMessage(responseText);
  if (status === 413 || status === 415 || status === 422) {
    return {
      kind: 'refused',
      problem: problemOfServerMessage(message) ?? (status === 413 ? 'tooLarge' : null),
      message,
    };
  }
  if (
    status !== null &&
    status !== undefined &&
    status >= 400 &&
    status < 500 &&
    status !== 404 &&
    status !== 409 &&
    status !== 410 &&
    status !== 423
  ) {
    return { kind: 'refused', problem: null, message };
  }
  return { kind: 'interrupted', message: status ? message : null };
}
