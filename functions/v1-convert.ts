/**
 * POST /api/v1/convert (API key): a document -> extracted data, Factur-X XML in the requested profile, validation.
 * Body: `pdfBase64`, or `imageBase64` + `mimeType` (PNG, JPEG), or `documentBase64` + `mimeType` (xlsx, xls, docx,
 * PDF, images); optional `fileName`, `profile` (basic | comfort | extended, default comfort), `autoValidate`.
 * One credit per conversion that produces Factur-X XML; a partial result (200 with `missing`, `factureX: null`) or a
 * failed one (4xx, extraction failure) consumes none.
 * Optional `Idempotency-Key` header: a repeat within 24 h gets the stored answer (`Idempotent-Replayed: true`),
 * neither converted nor charged again (lib/keys/idempotency.ts).
 * The key is checked before the conversion code, the extractor and the AWS SDK load: a request without a valid
 * key is a 401 whatever fails to load (./_shared/v1-modules.ts).
 */
import { admitApiKey, meterConversionAnswer } from '../lib/keys/admission.js';
import { fingerprintBody, IDEMPOTENT_REPLAYED_HEADER, parseIdempotencyKey } from '../lib/keys/idempotency.js';
import { parseApiKey } from '../lib/keys/store.js';
import { elapsedMs, jsonEndpoint, jsonResult } from './_shared/http.js';
import { getKeyStore } from './_shared/key-store.js';
import { loadConvertModules } from './_shared/v1-modules.js';

export const handler = jsonEndpoint('1.0', async ({ body, event, context, startedAt }) => {
  const store = await getKeyStore();
  const key = await admitApiKey(store, { apiKey: parseApiKey(event.headers), authorizer: event.requestContext?.authorizer });
  const idempotencyKey = parseIdempotencyKey(event.headers, event.multiValueHeaders);
  const { convertDocument, parseBody, parseConvertBody, config, getExtractor } = await loadConvertModules();
  const request = parseBody(parseConvertBody, body);
  const extractor = await getExtractor();
  const { answer, replayed } = await meterConversionAnswer(store, key, {
    idempotency: idempotencyKey === undefined ? undefined : { key: idempotencyKey, fingerprint: fingerprintBody(body) },
    charged: (result) => result.factureX !== null,
    convert: () =>
      convertDocument({ ...request, deadline: Date.now() + context.getRemainingTimeInMillis() }, { extractor, ...(config.schemaDir ? { schemaDir: config.schemaDir } : {}) }),
    answer: (result, creditsRemaining) => {
      const http = jsonResult(200, {
        success: true,
        data: { extractedData: result.extractedData, factureX: result.factureX, validation: result.validation, missing: result.missing },
        meta: { apiVersion: '1.0', processingTimeMs: elapsedMs(startedAt), creditsRemaining, extractor: extractor.name },
      });
      return { status: http.statusCode, body: http.body };
    },
  });
  // The exact body stored with the credit, replayed byte for byte.
  return { http: { ...jsonResult(answer.status, null, replayed ? { [IDEMPOTENT_REPLAYED_HEADER]: 'true' } : {}), body: answer.body } };
});
