/**
 * The modules the v1 handlers need once a key is admitted, loaded on demand:
 * the conversion and validation code, the body schemas, the configuration,
 * the extractor (and through it the AWS SDK). The handlers import only the
 * key check statically, so a missing or unknown key is answered 401 even when
 * one of these cannot load (issue 14); a valid key then gets the 500 the
 * failure deserves. Each loader is retried after a failure.
 */

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}

/** What v1 convert uses after the key check. */
export const loadConvertModules = once(async () => {
  const [{ convertDocument }, { parseBody, parseConvertBody }, { config }, { getExtractor, readPdfOverview }, { convertAnswer }, { syncDeadline, atSyncDeadline }, { submitJob }, { getJobRuntime }, { planConversion }] =
    await Promise.all([
      import('../../lib/v1/convert.js'),
      import('./body.js'),
      import('./config.js'),
      import('./extractor.js'),
      import('../../lib/v1/answer.js'),
      import('../../lib/v1/sync-deadline.js'),
      import('../../lib/jobs/service.js'),
      import('./jobs.js'),
      import('../../lib/v1/cost.js'),
    ]);
  return { convertDocument, parseBody, parseConvertBody, config, getExtractor, readPdfOverview, convertAnswer, syncDeadline, atSyncDeadline, submitJob, getJobRuntime, planConversion };
});

/** What GET /api/v1/jobs/{jobId} uses after the key check. */
export const loadJobModules = once(async () => {
  const [{ readJob }, { getJobRuntime }] = await Promise.all([import('../../lib/jobs/service.js'), import('./jobs.js')]);
  return { readJob, getJobRuntime };
});

/** What v1 validate uses after the key check. */
export const loadValidateModules = once(async () => {
  const [{ checkInvoiceInput }, { parsePartialInvoiceInput }, { flatPathOf, flatV1ToV2, isFlatV1Invoice }, { toV1Validation }, body, { validateXmlVerdict }] = await Promise.all([
    import('../../lib/generate.js'),
    import('../../lib/input/partial.js'),
    import('../../lib/v1/flat-input.js'),
    import('../../lib/v1/validation.js'),
    import('./body.js'),
    import('./xml.js'),
  ]);
  return { checkInvoiceInput, parsePartialInvoiceInput, flatPathOf, flatV1ToV2, isFlatV1Invoice, toV1Validation, ...body, validateXmlVerdict };
});
