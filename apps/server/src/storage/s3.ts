import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
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

type Sdk = typeof import('@aws-sdk/client-s3');

function createClient(sdk: Sdk, options: S3Options) {
  return new sdk.S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // Plain signed uploads: many S3-compatible stores do not accept the SDK's
    // default streaming checksums (aws-chunked trailers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
  });
}

/** S3-compatible object storage (AWS, MinIO, R2…): one private bucket, our buckets as prefixes. */
export function createS3Storage(options: S3Options): Storage {
  // The SDK takes about half a second to load: only an installation that uses
  // S3 loads it, in the background from start-up, not on the way to serving.
  const ready = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: createClient(sdk, options) }));
  ready.catch(() => {});
  const objectKey = (bucket: Bucket, key: string) => `${options.prefix}${bucket}/${key}`;
  return {
    kind: 's3',
    async putFile(bucket, key, path, { contentType, size }) {
      const { sdk, client } = await ready;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(bucket, key),
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async get(bucket, key) {
      const { sdk, client } = await ready;
      try {
        const result = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }));
        return { body: result.Body as Readable, size: Number(result.ContentLength ?? 0) };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(bucket, key) {
      const { sdk, client } = await ready;
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }));
    },
    async *list(bucket, under = '') {
      const { sdk, client } = await ready;
      const prefix = objectKey(bucket, '');
      const listed = objectKey(bucket, under);
      let token: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: options.bucket, Prefix: listed, ContinuationToken: token, MaxKeys: 500 }));
        const objects = (page.Contents ?? [])
          .filter((object) => object.Key)
          .map((object) => ({ key: object.Key!.slice(prefix.length), modifiedAt: object.LastModified ?? new Date() }));
        if (objects.length) yield objects;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async check() {
      const { sdk, client } = await ready;
      const key = objectKey('documentos', `.probe/${Date.now()}.txt`);
      await client.send(new sdk.PutObjectCommand({ Bucket: options.bucket, Key: key, Body: 'ok', ContentType: 'text/plain' }));
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
}
