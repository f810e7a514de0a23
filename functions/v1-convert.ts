/**
 * POST /api/v1/convert (API key): a document -> extracted data, Factur-X XML in the requested profile, validation.
 * Body: `pdfBase64`, or `imageBase64` + `mimeType` (PNG, JPEG), or `documentBase64` + `mimeType` (xlsx, xls, docx,
 * PDF, images); optional `fileName`, `profile` (basic | comfort | extended, default comfort), `autoValidate`, `async`.
 * One credit per conversion that produces Factur-X XML; a partial result (200 with `missing`, `factureX: null`) or a
 * failed one (4xx, extraction failure) consumes none.
 * Optional `Idempotency-Key` header: a repeat within 24 h gets the stored answer (`Idempotent-Replayed: true`),
 * neither converted nor charged again (lib/keys/idempotency.ts); for a job, the same job.
 * `"async": true`, or a document whose reading is estimated not to fit the synchronous deadline (pages to OCR, Textract
 * calls, content size: lib/v1/cost.ts; never the page count alone): 202 `{jobId}`, polled at GET /api/v1/jobs/{jobId}
 * (lib/jobs). Otherwise the conversion must finish within SYNC_BUDGET_MS (lib/v1/sync-deadline.ts) or is answered 422
 * `limit: "sync-time"`, suggesting async, with no credit.
 * The key is checked before the conversion code, the extractor and the AWS SDK load: a request without a valid
 * key is a 401 whatever fails to load (./_shared/v1-modules.ts).
 */
import { admitApiKey, meterConversionAnswer } from '../lib/keys/admission.js';
import { fingerprintBody, IDEMPOTENT_REPLAYED_HEADER, parseIdempotencyKey } from '../lib/keys/idempotency.js';
import { parseApiKey } from '../lib/keys/store.js';
import { POLL_AFTER_SECONDS } from '../lib/jobs/job.js';
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
  // A PDF is read once here (pages, embedded XML, the text its pages show): what reading it costs decides sync or async.
  const overview = !asked && request.mimeType === 'application/pdf' ? await m.readPdfOverview(request.bytes, deadline) : undefined;
  const pages = overview?.pageCount;
  const plan = m.planConversion(
    {
      mimeType: request.mimeType,
      bytes: request.bytes.length,
      ...(overview === undefined ? {} : { pdf: { pageCount: overview.pageCount, embedded: overview.embedded !== undefined, ...(overview.text ? { text: overview.text } : {}) } }),
    },
    { asked: asked === true, reader: m.config.extractor, leftMs: deadline - Date.now() },
  );
  if (plan.mode === 'async') {
    const { bytes, ...rest } = request;
    const { estimate } = plan;
    const { job, replayed } = await m.submitJob({ ...(await m.getJobRuntime()), keys: store }, key, {
      request: {
        ...rest,
        bytes: bytes.length,
        ...(pages === undefined ? {} : { pages }),
        reason: plan.reason === 'asked' ? 'asked' : 'cost',
        ...(plan.reason === 'cost' ? { estimate: { ms: Math.round(estimate.ms), ocrPages: estimate.ocrPages, textPages: estimate.textPages } } : {}),
      },
      bytes,
      idempotency,
    });
    const statusUrl = `/api/v1/jobs/${job.id}`;
    const answer = {
      success: true,
      data: {
        jobId: job.id,
        status: job.status,
        statusUrl,
        reason: job.request.reason,
        ...(job.request.pages === undefined ? {} : { pages: job.request.pages }),
        ...(job.request.estimate === undefined ? {} : { estimate: job.request.estimate }),
      },
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
