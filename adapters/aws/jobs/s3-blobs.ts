/**
 * The AWS {@link JobBlobs}: objects in the jobs bucket (infra/jobs.ts:
 * encrypted, public access blocked, TLS only, every object expired after a
 * day). The bucket and the key of a job's document are also what Textract's
 * StartExpenseAnalysis reads (adapters/aws/extract/textract-async.ts).
 */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { JobBlobs } from '../../../lib/jobs/ports.js';

/** Blobs in `bucket` through `client`. */
export function s3JobBlobs(client: S3Client, bucket: string): JobBlobs {
  return {
    async put(name, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: name, Body: bytes, ServerSideEncryption: 'AES256' }));
    },
    async get(name) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
        return out.Body ? await out.Body.transformToByteArray() : undefined;
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
        throw err;
      }
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: name }));
    },
  };
}
