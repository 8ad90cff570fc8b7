import { TUS_VERSION, type UploadPurpose } from '@meshport/contract';
import Uppy, { type UppyFile } from '@uppy/core';
import Tus from '@uppy/tus';
import { type Dispatch, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  findStoredUploads,
  fingerprintOf,
  forgetStored,
  type KeyValueStorage,
  resumeInstanceId,
  uniqueByUrl,
} from './resume-store.logic.ts';
import { makeThumbnail } from './thumbnail-image.logic.ts';
import type { UploadedFile } from './upload.types.ts';
import {
  UPLOAD_WIDGET,
  type UploadFailure,
  type UploadProblem,
  uploadFailure,
  uploadIdFromUrl,
  uploadMimeType,
  uploadProblem,
} from './upload-checks.logic.ts';
import { type EntryAction, entriesReducer, newEntry, type UploadEntry } from './upload-entries.logic.ts';
import { nextSpeed, percentOf, type SpeedState } from './upload-progress.logic.ts';

type UploadMeta = { filename: string; filetype: string };
type FieldUppy = Uppy<UploadMeta, Record<string, never>>;

/** An upload started before a reload that choosing the same file continues. */
export interface ResumeNotice {
  uploadUrl: string;
  fingerprint: string;
  name: string;
  size: number;
  /** How much the server has, null when it could not be asked. */
  percent: number | null;
}

export interface UploadFieldOptions {
  purpose: UploadPurpose;
  scope: string;
  multiple: boolean;
  maxBytes: number;
  /** The finished uploads the form holds when the field mounts (shown as done). */
  initial: UploadedFile[];
}

function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** tus termination: the server forgets the upload and its bytes (a 404 means it is gone already). */
async function terminate(uploadUrl: string): Promise<void> {
  await fetch(uploadUrl, {
    method: 'DELETE',
    headers: { 'Tus-Resumable': TUS_VERSION, Accept: 'application/json' },
    credentials: 'same-origin',
  });
}

/** The server's offset of a stored upload, as a percentage; 'gone' when it no longer exists. */
async function serverPercent(uploadUrl: string): Promise<number | null | 'gone'> {
  try {
    const response = await fetch(uploadUrl, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': TUS_VERSION },
      credentials: 'same-origin',
    });
    if (response.status === 404 || response.status === 410) return 'gone';
    if (!response.ok) return null;
    const offset = Number(response.headers.get('upload-offset'));
    const length = Number(response.headers.get('upload-length'));
    return Number.isFinite(offset) && length > 0 ? percentOf(offset, length) : null;
  } catch {
    return null;
  }
}

function responseTextOf(response: unknown): { status: number | null; text: string | null } {
  if (!response || typeof response !== 'object') return { status: null, text: null };
  const { status, body } = response as { status?: unknown; body?: { xhr?: XMLHttpRequest } };
  const xhr = body?.xhr;
  let text: string | null = null;
  try {
    text = xhr && (xhr.responseType === '' || xhr.responseType === 'text') ? xhr.responseText : null;
  } catch {
    text = null;
  }
  return { status: typeof status === 'number' ? status : null, text };
}

function createUppy(scope: string): FieldUppy {
  const uppy: FieldUppy = new Uppy<UploadMeta, Record<string, never>>({
    id: resumeInstanceId(scope),
    autoProceed: true,
    allowMultipleUploadBatches: true,
  });
  uppy.use(Tus, {
    endpoint: UPLOAD_WIDGET.endpoint,
    chunkSize: UPLOAD_WIDGET.chunkSize,
    // What the app's other writes send; tus adds Tus-Resumable, the cookie goes along (same origin).
    headers: { Accept: 'application/json' },
    withCredentials: true,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    allowedMetaFields: ['filename', 'filetype'],
    limit: 3,
    retryDelays: [0, 1000, 3000, 5000],
  });
  return uppy;
}

/** Wires Uppy's events to the entries: progress with speed, pause, success, failure, removal. */
function listen(
  uppy: FieldUppy,
  dispatch: Dispatch<EntryAction>,
  describe: (failure: UploadFailure) => string,
  forget: (match: { fingerprint?: string; uploadUrl?: string }) => void,
): () => void {
  const speeds = new Map<string, SpeedState>();
  const fingerprint = (id: string) => fingerprintOf(id, UPLOAD_WIDGET.endpoint);
  const onProgress = (
    file: UppyFile<UploadMeta, Record<string, never>> | undefined,
    progress: { bytesUploaded: number },
  ) => {
    if (!file) return;
    const speed = nextSpeed(speeds.get(file.id) ?? null, progress.bytesUploaded, performance.now());
    speeds.set(file.id, speed);
    const uploadUrl = typeof file.tus?.uploadUrl === 'string' ? file.tus.uploadUrl : null;
    dispatch({ type: 'progress', id: file.id, bytes: progress.bytesUploaded, speed: speed.speed, uploadUrl });
  };
  const onPause = (file: UppyFile<UploadMeta, Record<string, never>> | undefined, paused: boolean) => {
    if (!file) return;
    speeds.delete(file.id);
    dispatch({ type: 'paused', id: file.id, paused });
  };
  const onSuccess = (
    file: UppyFile<UploadMeta, Record<string, never>> | undefined,
    response: { uploadURL?: string },
  ) => {
    if (!file || !response.uploadURL) return;
    speeds.delete(file.id);
    forget({ fingerprint: fingerprint(file.id) });
    dispatch({
      type: 'done',
      id: file.id,
      uploadUrl: response.uploadURL,
      uploadId: uploadIdFromUrl(response.uploadURL),
    });
  };
  const onError = (
    file: UppyFile<UploadMeta, Record<string, never>> | undefined,
    _error: unknown,
    response?: unknown,
  ) => {
    if (!file) return;
    speeds.delete(file.id);
    const { status, text } = responseTextOf(response);
    const failure = uploadFailure(status, text);
    // A refused upload is removed by the server: nothing to resume later.
    if (failure.kind === 'refused') forget({ fingerprint: fingerprint(file.id) });
    dispatch({ type: 'failed', id: file.id, error: describe(failure), retryable: failure.kind === 'interrupted' });
  };
  const onRemoved = (file: UppyFile<UploadMeta, Record<string, never>>) => {
    speeds.delete(file.id);
    dispatch({ type: 'remove', id: file.id });
  };
  uppy.on('upload-progress', onProgress);
  uppy.on('upload-pause', onPause);
  uppy.on('upload-success', onSuccess);
  uppy.on('upload-error', onError);
  uppy.on('file-removed', onRemoved);
  return () => {
    uppy.off('upload-progress', onProgress);
    uppy.off('upload-pause', onPause);
    uppy.off('upload-success', onSuccess);
    uppy.off('upload-error', onError);
    uppy.off('file-removed', onRemoved);
  };
}

/**
 * The state and actions of one upload field: an Uppy instance with the tus plugin (made per
 * mount, its uploads paused, not cancelled, when the field goes, so they can be resumed), the
 * files, the checks before sending and the uploads left unfinished by an earlier visit.
 */
export function useUploadField({ purpose, scope, multiple, maxBytes, initial }: UploadFieldOptions) {
  const { t } = useTranslation();
  const [entries, dispatch] = useReducer(entriesReducer, initial, (files) =>
    files.map((file) =>
      newEntry({
        id: `initial-${file.uploadId}`,
        ...file,
        status: 'done',
        bytes: file.size,
        previewUrl: file.previewUrl ?? null,
      }),
    ),
  );
  const [notices, setNotices] = useState<ResumeNotice[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const uppyRef = useRef<FieldUppy | null>(null);
  const objectUrls = useRef(new Set<string>());
  const entriesRef = useRef(entries);
  entriesRef.current = entries;

  const problemText = useCallback(
    (kind: UploadProblem) => (kind === 'tooLarge' ? t('forms.fileTooLarge') : t('forms.fileInvalidType')),
    [t],
  );
  const describeRef = useRef((failure: UploadFailure): string => failure.message ?? '');
  describeRef.current = (failure) => {
    if (failure.kind === 'refused') {
      return failure.problem ? problemText(failure.problem) : (failure.message ?? t('upload.refused'));
    }
    return t('upload.interrupted');
  };

  const forget = useCallback((match: { fingerprint?: string; uploadUrl?: string }) => {
    const storage = browserStorage();
    if (storage) forgetStored(storage, match);
  }, []);

  useEffect(() => {
    const uppy = createUppy(scope);
    uppyRef.current = uppy;
    const stop = listen(uppy, dispatch, (failure) => describeRef.current(failure), forget);
    return () => {
      stop();
      uppyRef.current = null;
      // Leaving the form pauses its uploads (the server keeps them): the next visit offers to resume.
      for (const file of uppy.getFiles()) {
        if (!file.progress.uploadComplete) uppy.setFileState(file.id, { isPaused: true });
      }
      uppy.pauseAll();
    };
  }, [scope, forget]);

  useEffect(
    () => () => {
      for (const url of objectUrls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  // Uploads this field's scope left unfinished before (a reload, another visit).
  useEffect(() => {
    const storage = browserStorage();
    if (!storage) return;
    let live = true;
    const stored = uniqueByUrl(findStoredUploads(storage, resumeInstanceId(scope)));
    void Promise.all(
      stored.map(async (upload): Promise<ResumeNotice | null> => {
        const percent = await serverPercent(upload.uploadUrl);
        if (percent === 'gone') {
          forgetStored(storage, { uploadUrl: upload.uploadUrl });
          return null;
        }
        return {
          uploadUrl: upload.uploadUrl,
          fingerprint: upload.fingerprint,
          name: upload.name,
          size: upload.size,
          percent,
        };
      }),
    ).then((found) => {
      if (live) setNotices(found.filter((notice): notice is ResumeNotice => notice !== null));
    });
    return () => {
      live = false;
    };
  }, [scope]);

  const track = (url: string) => {
    objectUrls.current.add(url);
    return url;
  };

  const discard = (entry: UploadEntry, { onServer }: { onServer: boolean }) => {
    const uppy = uppyRef.current;
    const known = uppy?.getFiles().some((file) => file.id === entry.id) ?? false;
    // Removing a running or paused file makes the tus plugin terminate it on the server.
    if (uppy && known) uppy.removeFile(entry.id);
    else dispatch({ type: 'remove', id: entry.id });
    const running = entry.status === 'waiting' || entry.status === 'uploading' || entry.status === 'paused';
    if (onServer && entry.uploadUrl && !(known && running)) {
      void terminate(entry.uploadUrl).catch(() => undefined);
      forget({ uploadUrl: entry.uploadUrl });
    }
    forget({ fingerprint: fingerprintOf(entry.id, UPLOAD_WIDGET.endpoint) });
  };

  const addFiles = (files: File[]) => {
    const uppy = uppyRef.current;
    if (!uppy || files.length === 0) return;
    const refused: { name: string; problem: UploadProblem }[] = [];
    const accepted = files.filter((file) => {
      const found = uploadProblem(purpose, file, maxBytes);
      if (found) refused.push({ name: file.name, problem: found });
      return !found;
    });
    const chosen = multiple ? accepted : accepted.slice(0, 1);
    if (!multiple && chosen.length > 0) {
      for (const entry of entriesRef.current) discard(entry, { onServer: true });
    }
    const duplicates: string[] = [];
    for (const file of chosen) {
      const type = uploadMimeType(file.name);
      let id: string;
      try {
        id = uppy.addFile({
          name: file.name,
          type,
          data: file,
          source: 'local',
          isRemote: false,
          meta: { filename: file.name, filetype: type },
        });
      } catch {
        duplicates.push(file.name);
        continue;
      }
      const image = purpose === 'material_map';
      dispatch({
        type: 'add',
        entry: newEntry({
          id,
          name: file.name,
          size: file.size,
          previewUrl: image ? track(URL.createObjectURL(file)) : null,
        }),
      });
      const fingerprint = fingerprintOf(id, UPLOAD_WIDGET.endpoint);
      setNotices((current) => current.filter((notice) => notice.fingerprint !== fingerprint));
      if (image) {
        void makeThumbnail(file).then((url) => {
          if (url) dispatch({ type: 'thumbnail', id, url: track(url) });
        });
      }
    }
    const texts = [
      ...refused.map(({ name, problem: kind }) =>
        multiple || files.length > 1 ? `${name}: ${problemText(kind)}` : problemText(kind),
      ),
      ...duplicates.map((name) => t('upload.duplicate', { name })),
    ];
    setProblem(texts.length > 0 ? texts.join(' ') : null);
  };

  const entryOf = (id: string) => entriesRef.current.find((entry) => entry.id === id);

  return {
    entries,
    notices,
    problem,
    addFiles,
    pause: (id: string) => {
      if (entryOf(id)?.status !== 'paused') uppyRef.current?.pauseResume(id);
    },
    resume: (id: string) => {
      if (entryOf(id)?.status === 'paused') uppyRef.current?.pauseResume(id);
    },
    retry: (id: string) => {
      dispatch({ type: 'retry', id });
      void uppyRef.current?.retryUpload(id).catch(() => undefined);
    },
    /** Cancel (while sending) or Remove (finished or failed): gone from the field and the server. */
    remove: (id: string) => {
      const entry = entryOf(id);
      if (entry) discard(entry, { onServer: !entry.id.startsWith('initial-') });
    },
    dismissNotice: (notice: ResumeNotice) => {
      setNotices((current) => current.filter((one) => one.uploadUrl !== notice.uploadUrl));
      forget({ uploadUrl: notice.uploadUrl });
      void terminate(notice.uploadUrl).catch(() => undefined);
    },
  };
}
