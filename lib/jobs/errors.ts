/** Errors of asynchronous jobs. */
import { ServiceError } from '../errors.js';

/**
 * GET /api/v1/jobs/{jobId} of a job that does not exist for this key:
 * unknown, expired (24 h), malformed, or created by another key (404 NOT_FOUND,
 * the same answer in every case).
 */
export class JobNotFoundError extends ServiceError {
  constructor(jobId: string) {
    super('NOT_FOUND', 'No job with this id for this API key (jobs are kept 24 hours).', [{ path: 'jobId', message: `unknown job ${jobId.slice(0, 40)}` }]);
  }
}
