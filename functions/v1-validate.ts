/**
 * POST /api/v1/validate (API key): `{invoiceData}` in the v2 shape or the flat v1 names, `{xml}`, or a raw XML body.
 * 200 `{success, validation{valid, isValid, score, errors, warnings, summary}, meta{apiVersion:"1.0", processingTimeMs, creditsRemaining}}`.
 * Validation consumes no conversion credit.
 */
import { checkInvoiceInput } from '../lib/generate.js';
import { parseInvoiceInput } from '../lib/input/schema.js';
import { admitApiKey } from '../lib/keys/admission.js';
import { parseApiKey } from '../lib/keys/store.js';
import { flatPathOf, flatV1ToV2, isFlatV1Invoice } from '../lib/v1/flat-input.js';
import { toV1Validation } from '../lib/v1/validation.js';
import { bodyProblem, parseBody, requestRules, requestXml, underPath } from './_shared/body.js';
import { elapsedMs, jsonEndpoint, jsonResult } from './_shared/http.js';
import { getKeyStore } from './_shared/key-store.js';
import { validateXmlVerdict } from './_shared/xml.js';

export const handler = jsonEndpoint(
  '1.0',
  async (req) => {
    const { body, event, startedAt } = req;
    const store = await getKeyStore();
    const key = await admitApiKey(store, { apiKey: parseApiKey(event.headers), authorizer: event.requestContext?.authorizer });
    const text = requestXml(req);
    let verdict;
    const rules = requestRules(req);
    if (text !== undefined) verdict = await validateXmlVerdict(text, req.context, rules);
    else {
      const data = (body as { invoiceData?: unknown } | null)?.invoiceData;
      if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        throw bodyProblem('invoiceData', 'is required: an object (v2 invoice shape or flat v1 names), or send {"xml": "..."} or a raw XML body');
      }
      const flat = isFlatV1Invoice(data as Record<string, unknown>);
      const shaped = flat ? flatV1ToV2(data as Record<string, unknown>) : data;
      const parsed = parseBody((b) => {
        const r = parseInvoiceInput(b);
        if (r.ok) return r;
        // Problems are named as the client wrote them: supplierName, not seller.name.
        const issues = flat ? r.issues.map((i) => ({ ...i, path: flatPathOf(i.path, data as Record<string, unknown>) })) : r.issues;
        return { ok: false, issues: underPath('invoiceData', issues) };
      }, shaped);
      verdict = checkInvoiceInput(parsed, { rules });
    }
    const creditsRemaining = await store.remaining(key);
    return {
      http: jsonResult(200, {
        success: true,
        validation: toV1Validation(verdict),
        meta: { apiVersion: '1.0', processingTimeMs: elapsedMs(startedAt), creditsRemaining },
      }),
    };
  },
  { acceptXml: true },
);
