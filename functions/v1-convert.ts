/**
 * POST /api/v1/convert (API key): a document -> extracted data, Factur-X XML in the requested profile, validation.
 * Body: `pdfBase64`, or `imageBase64` + `mimeType` (PNG, JPEG), or `documentBase64` + `mimeType` (xlsx, xls, docx,
 * PDF, images); optional `fileName`, `profile` (basic | comfort | extended, default comfort), `autoValidate`, `async`.
 * One credit per conversion that produces Factur-X XML; a partial result (200 with `missing`, `factureX: null`) or a
 * failed one (4xx, extraction failure) consumes none.
 * Optional `Idempotency-Key` header: a repeat within 24 h gets the stored answer (`Idempotent-Replayed: true`),
 * neither converted nor charged again (lib/keys/idempotency.ts); for a job, the same job.
 * `"async": true`, or a PDF of more than ASYNC_PAGE_THRESHOLD pages that carries no invoice XML: 202 `{jobId}`, polled at GET /api/v1/jobs/{jobId}
 * (lib/jobs). Otherwise the conversion must finish within SYNC_BUDGET_MS (lib/v1/sync-deadline.ts) or is answered 422
 * `limit: "sync-time"`, suggesting async, with no credit.
 * The key is checked before the conversion code, the extractor and the AWS SDK load: a request without a valid
 * key is a 401 whatever fails to load (./_shared/v1-modules.ts).
 */
import { admitApiKey, meterConversionAnswer } from '../lib/keys/admission.js';
import { fingerprintBody, IDEMPOTENT_REPLAYED_HEADER, parseIdempotencyKey } from '../lib/keys/idempotency.js';
import { parseApiKey } from '../lib/keys/store.js';
import { ASYNC_PAGE_THRESHOLD, POLL_AFTER_SECONDS } from '../lib/jobs/job.js';
import { elapsedMs, jsonEndpoint, jsonResult } from './_shared/http.js';
import { getKeyStore } from './_shared/key-store.js';
import { loadConvertModules } from './_shared/v1-modules.js';

export const handler = jsonEndpoint('1.0', async ({ body, event, context, startedAt }) => {
  const store = await getKeyStore();
  const key = await admitApiKey(store, { apiKey: parseApiKey(event.headers), authorizer: event.requestContext?.authorizer });
  const idempotencyKey = parseIdempotencyKey(event.headers, event.multiValueHeaders);
  const m = await loadConvertModules();
  const { async: asked, ...request } = m.parseBody(m.parseConvertBody, body);
  const idempotency = idempotencyKey === undefined ? undefined : { key: idempotencyKey, fingerprint: fingerprintBody(body) };
  const deadline = m.syncDeadline(Date.now(), elapsedMs(startedAt), context.getRemainingTimeInMillis());
  // A PDF is read once here: its pages decide sync or async (a PDF carrying its invoice XML is exact and fast: it stays sync).
  const overview = !asked && request.mimeType === 'application/pdf' ? await m.readPdfOverview(request.bytes, deadline) : undefined;
  const pages = overview?.pageCount;
  if (asked || (overview !== undefined && overview.embedded === undefined && overview.pageCount > ASYNC_PAGE_THRESHOLD)) {
    const { bytes, ...rest } = request;
    const { job, replayed } = await m.submitJob({ ...(await m.getJobRuntime()), keys: store }, key, {
      request: { ...rest, bytes: bytes.length, ...(pages === undefined ? {} : { pages }), reason: asked ? 'asked' : 'pages' },
      bytes,
      idempotency,
    });
    const statusUrl = `/api/v1/jobs/${job.id}`;
    const answer = {
      success: true,
      data: { jobId: job.id, status: job.status, statusUrl, reason: job.request.reason, ...(job.request.pages === undefined ? {} : { pages: job.request.pages }) },
      meta: { apiVersion: '1.0', processingTimeMs: elapsedMs(startedAt), creditsRemaining: job.creditsRemaining },
    };
    return { http: jsonResult(202, answer, { Location: statusUrl, 'Retry-After': String(POLL_AFTER_SECONDS), ...(replayed ? { [IDEMPOTENT_REPLAYED_HEADER]: 'true' } : {}) }) };
  }
  const extractor = await m.getExtractor();
  const { answer, replayed } = await meterConversionAnswer(store, key, {
    idempotency,
    charged: (result) => result.factureX !== null,
    convert: () =>
      m
        .convertDocument({ ...request, deadline, ...(overview === undefined ? {} : { embedded: overview.embedded ?? null }) }, { extractor, ...(m.config.schemaDir ? { schemaDir: m.config.schemaDir } : {}) })
        .catch((err: unknown) => Promise.reject(m.atSyncDeadline(err, deadline, Date.now()))),
    answer: (result, creditsRemaining) => {
      const http = jsonResult(200, m.convertAnswer(result, { processingTimeMs: elapsedMs(startedAt), creditsRemaining, extractor: extractor.name }));
      return { status: http.statusCode, body: http.body };
    },
  });
  // The exact body stored with the credit, replayed byte for byte.
  return { http: { ...jsonResult(answer.status, null, replayed ? { [IDEMPOTENT_REPLAYED_HEADER]: 'true' } : {}), body: answer.body } };
});
