/**
 * POST /api/v1/validate (API key): `{invoiceData}` in the v2 shape or the flat v1 names, `{xml}`, or a raw XML body.
 * 200 `{success, validation{valid, isValid, score, errors, warnings, summary}, meta{apiVersion:"1.0", processingTimeMs, creditsRemaining}}`.
 * An absent mandatory term is a finding with its official id (`valid: false`, a lower `score`), not a 400.
 * Validation consumes no conversion credit. The key is checked before the validation code loads
 * (./_shared/v1-modules.ts): a request without a valid key is a 401 whatever fails to load.
 */
import { admitApiKey } from '../lib/keys/admission.js';
import { parseApiKey } from '../lib/keys/store.js';
import { elapsedMs, jsonEndpoint, jsonResult } from './_shared/http.js';
import { getKeyStore } from './_shared/key-store.js';
import { loadValidateModules } from './_shared/v1-modules.js';

export const handler = jsonEndpoint(
  '1.0',
  async (req) => {
    const { body, event, startedAt } = req;
    const store = await getKeyStore();
    const key = await admitApiKey(store, { apiKey: parseApiKey(event.headers), authorizer: event.requestContext?.authorizer });
    const m = await loadValidateModules();
    const text = m.requestXml(req);
    let verdict;
    const rules = m.requestRules(req);
    if (text !== undefined) verdict = await m.validateXmlVerdict(text, req.context, rules);
    else {
      const data = (body as { invoiceData?: unknown } | null)?.invoiceData;
      if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        throw m.bodyProblem('invoiceData', 'is required: an object (v2 invoice shape or flat v1 names), or send {"xml": "..."} or a raw XML body');
      }
      const flat = m.isFlatV1Invoice(data as Record<string, unknown>);
      const shaped = flat ? m.flatV1ToV2(data as Record<string, unknown>) : data;
      const parsed = m.parseBody((b) => {
        const r = m.parsePartialInvoiceInput(b);
        if (r.ok) return r;
        // Problems are named as the client wrote them: supplierName, not seller.name.
        const issues = flat ? r.issues.map((i) => ({ ...i, path: m.flatPathOf(i.path, data as Record<string, unknown>) })) : r.issues;
        return { ok: false, issues: m.underPath('invoiceData', issues) };
      }, shaped);
      verdict = m.checkInvoiceInput(parsed, { rules });
    }
    const creditsRemaining = await store.remaining(key);
    return {
      http: jsonResult(200, {
        success: true,
        validation: m.toV1Validation(verdict),
        meta: { apiVersion: '1.0', processingTimeMs: elapsedMs(startedAt), creditsRemaining },
      }),
    };
  },
  { acceptXml: true },
);
