import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Bucket, Storage } from './storage';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Prefix inside the bucket, so one bucket can hold several installations. */
  prefix: string;
}

/** S3-compatible object storage (AWS, MinIO, R2…): one private bucket, our buckets as prefixes. */
export function createS3Storage(options: S3Options): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // Plain signed uploads: many S3-compatible stores do not accept the SDK's
    // default streaming checksums (aws-chunked trailers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
  });
  const objectKey = (bucket: Bucket, key: string) => `${options.prefix}${bucket}/${key}`;
  return {
    kind: 's3',
    async putFile(bucket, key, path, { contentType, size }) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(bucket, key),
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async get(bucket, key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }));
        return { body: result.Body as Readable, size: Number(result.ContentLength ?? 0) };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }));
    },
    async *list(bucket) {
      const prefix = objectKey(bucket, '');
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: options.bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: 500 }));
        const objects = (page.Contents ?? [])
          .filter((object) => object.Key)
          .map((object) => ({ key: object.Key!.slice(prefix.length), modifiedAt: object.LastModified ?? new Date() }));
        if (objects.length) yield objects;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async check() {
      const key = objectKey('documentos', `.probe/${Date.now()}.txt`);
      await client.send(new PutObjectCommand({ Bucket: options.bucket, Key: key, Body: 'ok', ContentType: 'text/plain' }));
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
}
