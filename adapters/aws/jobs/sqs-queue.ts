/** The AWS {@link JobQueue}: one SQS message per job (`{"jobId"}`), consumed by the worker Lambda (functions/v1-job-worker.ts). */
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { JobQueue } from '../../../lib/jobs/ports.js';

/** A queue sending to `queueUrl`. */
export function sqsJobQueue(client: SQSClient, queueUrl: string): JobQueue {
  return {
    async enqueue(jobId) {
      await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ jobId }) }));
    },
  };
}

