import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  API_PREFIX,
  FILE_INVALID_TYPE,
  FILE_TOO_LARGE,
  TUS_VERSION,
  UPLOADS_PATH,
  uploadEndpoints,
} from '@meshport/contract';
import { Metadata } from '@tus/server';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import type { QuietCalls } from '#core/http/activity-log.ts';
import { HttpError, notFound, ValidationError } from '#core/http/http-error.ts';
import { defineRoute, type PermissionAccess, type RouteDefinition } from '#core/http/route.ts';
import { MODEL_EXTENSIONS, type UploadKind } from '#modules/processing/conversion/file-kind.ts';
import { type UploadService, uploadLapsedMessage } from './upload.service.ts';
import type { UploadRow } from './upload.table.ts';
import { UploadArrivals } from './upload-arrivals.ts';
import { HEAD_BYTES, HeadCheck, kindOfStored } from './upload-head-check.ts';
import { isTusBody, sendTusAnswer, TusBridge } from './upload-tus.ts';

/** Whoever may create or change models, library items or materials may upload their files (hatch). */
export const UPLOAD_ACCESS: PermissionAccess = {
  permission: 'create-project-models|update-project-models|update-library-items|update-materials',
  hatchOnly: true,
};

/**
 * The tus protocol's calls of one upload leave no activity entry: one per chunk would drown the
 * timeline; the record the upload ends in is logged.
 */
export const uploadQuietCalls: QuietCalls = { tags: ['uploads'] };

export const NO_SUCH_UPLOAD = 'No such upload.';
const MAX_NAME_LENGTH = 255;

export const tooLarge = () => new HttpError(413, FILE_TOO_LARGE, { errors: { file: [FILE_TOO_LARGE] } });
export const invalidType = () =>
  new HttpError(415, FILE_INVALID_TYPE, { errors: { file: [FILE_INVALID_TYPE] } }, { connection: 'close' });

function requireTus(request: FastifyRequest): void {
  if (request.headers['tus-resumable'] !== TUS_VERSION) {
    throw new HttpError(
      412,
      `This is a tus endpoint: send Tus-Resumable: ${TUS_VERSION}.`,
      {},
      {
        'tus-version': TUS_VERSION,
      },
    );
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Upload-Length, required: uploads of unknown length are not taken (the quota counts it at creation). */
function uploadLength(request: FastifyRequest, maxBytes: number): number {
  const text = header(request, 'upload-length');
  if (text === undefined) {
    throw new HttpError(400, 'Upload-Length is required: the size of the file must be known when the upload starts.');
  }
  if (!/^\d{1,16}$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new HttpError(400, 'Upload-Length must be the size of the file in bytes.');
  }
  const length = Number(text);
  if (length > maxBytes) throw tooLarge();
  return length;
}

/** Upload-Metadata `filename` (required; an accepted extension) and `filetype`. */
function fileOf(request: FastifyRequest): { fileName: string; fileType: string | null } {
  let metadata: Record<string, string | null> = {};
  const raw = header(request, 'upload-metadata');
  try {
    if (raw !== undefined) metadata = Metadata.parse(raw);
  } catch {
    throw new HttpError(400, 'Upload-Metadata must be comma-separated keys with base64 values.');
  }
  const fileName = metadata.filename?.trim() ?? '';
  const nameError = !fileName
    ? 'The file name is required (Upload-Metadata filename).'
    : fileName.length > MAX_NAME_LENGTH
      ? `The file name may be at most ${MAX_NAME_LENGTH} characters.`
      : /[/\\\p{Cc}]/u.test(fileName)
        ? 'The file name may not contain slashes or control characters.'
        : null;
  if (nameError) throw new ValidationError({ filename: [nameError] });
  if (!MODEL_EXTENSIONS.includes(path.extname(fileName).toLowerCase())) throw invalidType();
  const fileType = metadata.filetype?.trim().slice(0, 255) || null;
  return { fileName, fileType: fileType && !/\p{Cc}/u.test(fileType) ? fileType : null };
}

/**
 * tus 1.0 at /v2/uploads (docs: the contract's `uploadEndpoints`): the gate has checked the
 * session, the tenant, the platform and the permission; these routes find the upload in the
 * company (another company's or, for writes, another account's id: 404), check size, name,
 * quota and content, and keep the uploads table in step with what tus stored.
 */
export function uploadRoutes(services: CoreServices & { uploads: UploadService }): RouteDefinition[] {
  const { config, uploads: service, storage } = services;
  const tus = new TusBridge(service.store, config.uploadMaxBytes);
  const location = (request: FastifyRequest) => (id: string) =>
    `${config.scheme}://${request.host}${API_PREFIX}${UPLOADS_PATH}/${id}`;

  const lapsed = () => new HttpError(410, uploadLapsedMessage(config.uploadIdleSeconds));
  /** Moves the upload's lapse on while a write's bytes arrive (upload-arrivals.ts). */
  const arrivalsOf = (request: FastifyRequest, row: UploadRow, since?: number) =>
    new UploadArrivals(
      config.uploadIdleSeconds,
      async () => (await service.touch(row.companyId, row.id)) !== null,
      (error) => request.log.warn({ err: error, upload: row.id }, 'upload lapse not moved on'),
      since,
    );

  const storedOffset = (row: UploadRow) =>
    service.store.datastore.getUpload(row.id).then(
      (upload) => upload.offset,
      () => row.received,
    );

  /**
   * After a write: 415 (and the upload removed) when the content contradicts the name; the row
   * finished once every byte arrived; otherwise the bytes stored and the first bytes kept. An
   * upload that lapsed meanwhile is removed: 410. Answers when the unfinished upload now lapses.
   */
  const settle = async (
    row: UploadRow,
    check: HeadCheck | null,
    offset: number,
    arrivals: UploadArrivals | null,
  ): Promise<Date | null> => {
    const refuse = async (error: HttpError) => {
      await service.discard(row.companyId, row.id);
      throw error;
    };
    if (arrivals?.lapsed) return refuse(lapsed());
    if (check?.refused) return refuse(invalidType());
    if (offset >= row.size) {
      const whole = check && check.head.length >= row.size;
      const kind =
        check?.kind ?? (whole ? check.judgeWhole() : await kindOfStored(storage.read(row.storageKey), row.fileName));
      if (!kind) return refuse(invalidType());
      if (!(await service.finish(row.companyId, row.id, kind, row.size))) return refuse(lapsed());
      return null;
    }
    const checked = check?.kind && offset >= HEAD_BYTES ? check.kind : null;
    const open = await service.progress(row.companyId, row.id, {
      received: offset,
      head: checked ? null : check ? check.head.subarray(0, offset) : row.head,
      kind: checked ?? (row.kind as UploadKind | null),
    });
    if (!open) return refuse(lapsed());
    return open;
  };

  /**
   * The addressed upload of this company; for writes, of this account and not yet taken by a
   * record. With `open`, a lapsed one answers 410.
   */
  const findUpload = async (companyId: number, id: string, writerId: number | null, open: boolean) => {
    const row = await service.find(companyId, id);
    if (!row) throw notFound(NO_SUCH_UPLOAD);
    if (writerId !== null && (row.accountId !== writerId || row.state === 'claimed')) throw notFound(NO_SUCH_UPLOAD);
    if (open && row.lapsed) throw lapsed();
    return row;
  };

  return [
    defineRoute(uploadEndpoints.options, {
      access: 'public',
      async handler({ request, reply }) {
        return sendTusAnswer(reply, await tus.run(request, 'OPTIONS', { id: null, location: location(request) }, null));
      },
    }),
    defineRoute(uploadEndpoints.create, {
      access: UPLOAD_ACCESS,
      streamsBody: true,
      async handler({ request, reply, companyId, actor }) {
        requireTus(request);
        const size = uploadLength(request, config.uploadMaxBytes);
        const file = fileOf(request);
        const id = randomBytes(16).toString('hex');
        const row = await service.begin({ companyId, accountId: actor.accountId }, { id, size, ...file });
        const check = isTusBody(request) ? new HeadCheck(Buffer.alloc(0), file.fileName) : null;
        const arrivals = check ? arrivalsOf(request, row, Date.now()) : null;
        let response: Response;
        let expires: Date | null = null;
        try {
          response = await tus.run(
            request,
            'POST',
            { id, location: location(request) },
            check && arrivals ? arrivals.watch(check.watch(request.raw)) : null,
          );
          if (response.status !== 201 && !check?.refused && !arrivals?.lapsed) {
            await service.discard(companyId, id);
            return sendTusAnswer(reply, response);
          }
          const offset = Number(response.headers.get('upload-offset') ?? 0);
          expires = await settle(row, check, Number.isSafeInteger(offset) ? offset : await storedOffset(row), arrivals);
        } catch (error) {
          await service.discard(companyId, id);
          throw error;
        }
        return sendTusAnswer(reply, response, expires);
      },
    }),
    defineRoute(uploadEndpoints.head, {
      access: UPLOAD_ACCESS,
      async handler({ request, reply, params, companyId }) {
        requireTus(request);
        const row = await findUpload(companyId, params.id, null, true);
        const response = await tus.run(request, 'HEAD', { id: row.id, location: location(request) }, null);
        const offset = Number(response.headers.get('upload-offset'));
        // All bytes stored but the row still receiving (the process stopped in between): finish it now.
        if (response.status === 200 && row.state === 'receiving' && offset >= row.size) {
          await settle(row, null, offset, null);
        }
        return sendTusAnswer(reply, response);
      },
    }),
    defineRoute(uploadEndpoints.patch, {
      access: UPLOAD_ACCESS,
      streamsBody: true,
      async handler({ request, reply, params, companyId, actor }) {
        requireTus(request);
        const row = await findUpload(companyId, params.id, actor.accountId, true);
        const prior = row.head ?? Buffer.alloc(0);
        // The content check goes on where it stopped: the first bytes it kept are all the upload has.
        const checking =
          row.state === 'receiving' &&
          row.kind === null &&
          prior.length === row.received &&
          header(request, 'upload-offset') === String(row.received);
        const check = checking && isTusBody(request) ? new HeadCheck(prior, row.fileName) : null;
        const arrivals = row.state === 'receiving' && isTusBody(request) ? arrivalsOf(request, row) : null;
        const source = check?.watch(request.raw) ?? request.raw;
        const body = isTusBody(request) ? (arrivals?.watch(source) ?? source) : null;
        const response = await tus.run(request, 'PATCH', { id: row.id, location: location(request) }, body);
        let expires: Date | null = null;
        if (row.state === 'receiving') {
          const offset =
            response.status === 204 ? Number(response.headers.get('upload-offset')) : await storedOffset(row);
          if (check?.refused || arrivals?.lapsed || offset !== row.received || offset >= row.size) {
            expires = await settle(row, check, offset, arrivals);
          }
        }
        return sendTusAnswer(reply, response, expires);
      },
    }),
    defineRoute(uploadEndpoints.terminate, {
      access: UPLOAD_ACCESS,
      async handler({ request, reply, params, companyId, actor }) {
        requireTus(request);
        const row = await findUpload(companyId, params.id, actor.accountId, false);
        // Through tus first: its lock stops a PATCH of this upload still running.
        const response = await tus.run(request, 'DELETE', { id: row.id, location: location(request) }, null);
        if (response.status >= 400 && response.status !== 404 && response.status !== 410) {
          return sendTusAnswer(reply, response);
        }
        await service.discard(companyId, row.id);
        return reply.code(204).header('tus-resumable', TUS_VERSION).send();
      },
    }),
  ];
}
