/**
 * The worker of asynchronous jobs on AWS (not an API route): an SQS-triggered
 * Lambda (infra/jobs.ts) that runs each job of a batch (lib/jobs/service.ts,
 * runJob: the v1 conversion with Textract's asynchronous analysis for scanned
 * PDFs, the credit committed when XML is produced, released on failure).
 * A job whose store call failed is reported as a batch item failure, so SQS
 * delivers it again; after the queue's last delivery it goes to the
 * dead-letter queue, which raises the JobDeadLetters alarm.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { jobIdOfMessage } from '../lib/jobs/job.js';
import { runJobHere } from './_shared/jobs.js';
import { logger } from './_shared/logger.js';

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const jobId = jobIdOfMessage(record.body);
    if (jobId === undefined) {
      logger.warn('not a job message; dropped', { messageId: record.messageId });
      continue;
    }
    try {
      await runJobHere(jobId);
    } catch (err) {
      logger.error('job store failure; the message will be delivered again', { jobId, error: err instanceof Error ? err.message : String(err) });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
};
