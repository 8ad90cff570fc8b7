import { createWriteStream } from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { checkStorageKey, type FileStorage } from './file-storage.ts';

export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** Bodies up to this size go in one PutObject; larger ones in parts of this size (S3's minimum is 5 MiB). */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/**
 * The client both the storage and the tus store use. Checksums only where S3 requires them:
 * S3-compatible servers (MinIO releases, Ceph, s3rver) do not all read the SDK's default
 * `aws-chunked` bodies with trailing checksums.
 */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  };
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return name === 'NotFound' || name === 'NoSuchKey' || status === 404;
}

/** The storage in an S3-compatible bucket (S3_BUCKET set); keys are object keys, under the same rules as the folder's. */
export class S3Storage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    this.client = new S3Client(s3ClientConfig(settings));
    this.bucket = settings.bucket;
  }

  async put(key: string, data: Buffer | string): Promise<void> {
    checkStorageKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data }));
  }

  /**
   * Small bodies in one PutObject; larger ones as a multipart upload, one part in memory at a
   * time. S3 shows the object only once the upload completes; a failure aborts it.
   */
  async putStream(key: string, source: NodeJS.ReadableStream | Readable): Promise<void> {
    checkStorageKey(key);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const sendPart = async () => {
      const body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      if (!uploadId) {
        const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const answer = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, Body: body }),
      );
      parts.push({ ETag: answer.ETag, PartNumber });
    };
    try {
      for await (const chunk of source as AsyncIterable<Buffer | string>) {
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        pending.push(buffer);
        pendingBytes += buffer.length;
        if (pendingBytes >= S3_PART_BYTES) await sendPart();
      }
      if (!uploadId) {
        const body = Buffer.concat(pending, pendingBytes);
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body }));
        return;
      }
      if (pendingBytes > 0) await sendPart();
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      if (uploadId) {
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
          .catch(() => undefined);
      }
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await this.size(key)) !== null;
    } catch {
      return false;
    }
  }

  async size(key: string): Promise<number | null> {
    checkStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  read(key: string): Readable {
    checkStorageKey(key);
    const out = new PassThrough();
    this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
      .then((answer) => {
        const body = answer.Body;
        if (!(body instanceof Readable)) throw new Error(`No body for ${key}`);
        body.on('error', (error) => out.destroy(error));
        body.pipe(out);
      })
      .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
    return out;
  }

  async downloadTo(key: string, localPath: string): Promise<void> {
    await pipeline(this.read(key), createWriteStream(localPath));
  }

  async remove(key: string): Promise<void> {
    checkStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Lists and deletes the keys under `prefix/` a page (at most 1000) at a time. */
  async removeFolder(prefix: string): Promise<void> {
    checkStorageKey(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${prefix}/`, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
