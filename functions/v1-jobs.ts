/**
 * GET /api/v1/jobs/{jobId} (API key): an asynchronous conversion's state (lib/jobs).
 * Succeeded: 200 with the body a synchronous POST /api/v1/convert gives (`meta.jobId` added), `X-Job-Status: succeeded`.
 * Queued or running: 200 `data{jobId, status, createdAt, updatedAt, statusUrl}` with `Retry-After`.
 * Failed: 200 `data{jobId, status: "failed", error{code, message, details?}, httpStatus}`, the error the synchronous
 * path would have answered (no credit was taken). Unknown, expired or another key's job: 404 NOT_FOUND.
 */
import { admitApiKey } from '../lib/keys/admission.js';
import { parseApiKey } from '../lib/keys/store.js';
import { isFinal, POLL_AFTER_SECONDS } from '../lib/jobs/job.js';
import { elapsedMs, getEndpoint, jsonResult } from './_shared/http.js';
import { getKeyStore } from './_shared/key-store.js';
import { loadJobModules } from './_shared/v1-modules.js';

export const handler = getEndpoint(async (event) => {
  const startedAt = performance.now();
  const store = await getKeyStore();
  const key = await admitApiKey(store, { apiKey: parseApiKey(event.headers), authorizer: event.requestContext?.authorizer });
  const { readJob, getJobRuntime } = await loadJobModules();
  const { job, body } = await readJob({ ...(await getJobRuntime()), keys: store }, key, event.pathParameters?.jobId ?? '');
  if (body !== undefined) return { ...jsonResult(200, null, { 'X-Job-Status': job.status }), body };
  const data = {
    jobId: job.id,
    status: job.status,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    statusUrl: `/api/v1/jobs/${job.id}`,
    ...(job.error ? { error: { code: job.error.code, message: job.error.message, ...(job.error.details ? { details: job.error.details } : {}) }, httpStatus: job.error.statusCode } : {}),
  };
  const headers: Record<string, string> = { 'X-Job-Status': job.status, ...(isFinal(job.status) ? {} : { 'Retry-After': String(POLL_AFTER_SECONDS) }) };
  return jsonResult(200, { success: true, data, meta: { apiVersion: '1.0', processingTimeMs: elapsedMs(startedAt) } }, headers);
});
