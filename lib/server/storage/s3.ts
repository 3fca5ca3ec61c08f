import 'server-only';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { GetResult, StorageArea, StorageDriver } from './driver';
import { publicCacheControl } from './keys';

// S3-compatible storage: one bucket, each area a key prefix (`public/…`, `private/…`), so that a
// bucket policy or a CDN can expose `public/` alone. Path-style addressing (`endpoint/bucket/key`),
// which every S3-compatible server understands.

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

const status = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

export function s3Driver(settings: S3Settings): StorageDriver {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const objectKey = (area: StorageArea, key: string) => `${area}/${key}`;

  async function listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  }

  return {
    kind: 's3',

    async put(area, key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(area, key),
          Body: data,
          ContentType: contentType,
          CacheControl: area === 'public' ? publicCacheControl : 'private, no-store',
        }),
      );
    },

    async putStream(area, key, body, contentType) {
      // Multipart, in parts of 16 MB: a dump's length is known only at its end. A failed upload is aborted.
      await new Upload({
        client,
        params: {
          Bucket,
          Key: objectKey(area, key),
          Body: body,
          ContentType: contentType,
          CacheControl: 'private, no-store',
        },
        partSize: 16 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      }).done();
    },

    async get(area, key, ifNoneMatch): Promise<GetResult> {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: objectKey(area, key), IfNoneMatch: ifNoneMatch }),
        );
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? 'application/octet-stream',
          etag: object.ETag ?? '',
        };
      } catch (error) {
        if (status(error) === 304) return { notModified: true, etag: ifNoneMatch! };
        if (status(error) === 404) return null;
        throw error;
      }
    },

    async remove(area, key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(area, key) }));
    },

    async removeFolder(area, folder) {
      const keys = await listKeys(`${objectKey(area, folder)}/`);
      for (let i = 0; i < keys.length; i += 1000) {
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
          }),
        );
        if (answer.Errors?.length)
          throw new Error(`S3 kept ${answer.Errors.length} files: ${answer.Errors.map((e) => e.Key).join(', ')}`);
      }
    },

    async list(area, folder) {
      const prefix = `${area}/`;
      return (await listKeys(folder ? `${objectKey(area, folder)}/` : prefix))
        .map((k) => k.slice(prefix.length))
        .sort();
    },
  };
}
