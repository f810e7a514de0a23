/**
 * The example requests of the OpenAPI document, the ones Swagger UI prefills
 * on /api/docs. They are files beside the handlers (../examples/), made from
 * the example invoice by scripts/make-api-examples.ts, and each is sent to the
 * server by test/http/openapi-examples.test.ts, which checks its documented answer.
 */
import blankPage from '../examples/blank-page-pdf.json' with { type: 'json' };
import convertRequest from '../examples/convert-request.json' with { type: 'json' };
import invoiceCii from '../examples/invoice-cii.json' with { type: 'json' };
import flatInvoice from '../examples/invoice-flat-v1.json' with { type: 'json' };
import invoice from '../examples/invoice.json' with { type: 'json' };

type Json = Record<string, unknown>;

/** One named example of a media type. */
function example(summary: string, value: unknown, description?: string): Json {
  return { summary, ...(description === undefined ? {} : { description }), value };
}

/** The example invoice: a French seller, two lines at 20 % and 5.5 %, payment by SEPA credit transfer. */
export const INVOICE = invoice;

/** The CII XML of the example invoice. */
export const CII_XML = invoiceCii.xml;

/** The examples of `components.examples`; operations refer to them with {@link exampleRef}. */
export const EXAMPLES = Object.freeze({
  invoice: example('A French invoice: two lines, 20 % and 5.5 % VAT', invoice),
  invoiceNumericCodes: example(
    'The same invoice as a credit note, codes written as numbers',
    {
      ...invoice,
      invoiceNumber: 'AV-2026-0007',
      documentType: 381,
      precedingInvoice: { number: 'FA-2026-0042', date: '2026-11-20' },
      paymentMeans: { ...invoice.paymentMeans, typeCode: 58 },
    },
    'Codes of numeric code lists may be JSON numbers: documentType 381 is "381" (a credit note, which a French invoice must tie to the invoice it corrects: precedingInvoice, BR-FR-CO-04), paymentMeans.typeCode 58 is "58".',
  ),
  ciiXml: example('The CII XML of the example invoice', CII_XML),
  ciiXmlInJson: example('The CII XML of the example invoice, in JSON', { xml: CII_XML }),
  convertToUbl: example('The CII XML of the example invoice, to be converted to UBL 2.1', { xml: CII_XML, to: 'ubl' }),
  pdf: example('The example invoice and a blank one-page PDF', { invoiceData: invoice, pdfBase64: blankPage.pdfBase64 }),
  convert: example('A Factur-X PDF (the example invoice embedded in a blank page)', convertRequest),
  convertAsync: example('The same PDF, converted as an asynchronous job (202, then poll the Location)', { ...convertRequest, async: true }),
  v1Flat: example('An invoice in the flat v1 names', { invoiceData: flatInvoice }),
  v1Shape: example('An invoice in the v2 shape', { invoiceData: invoice }),
});

/** A `$ref` to one of {@link EXAMPLES}. */
export function exampleRef(name: keyof typeof EXAMPLES): Json {
  return { $ref: `#/components/examples/${name}` };
}
