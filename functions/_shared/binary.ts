/**
 * Binary (PDF) answers: API Gateway carries them base64-encoded
 * (isBase64Encoded) and decodes them for the client thanks to the API's
 * binary media types; the local server does the same.
 */
import type { APIGatewayProxyResult } from 'aws-lambda';

/** `Content-Disposition` for a file named after an invoice number (DECISIONS.md, PDF file names). */
export function contentDisposition(invoiceNumber: string, extension = 'pdf'): string {
  const safe = invoiceNumber.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+|_+$/g, '').slice(0, 100) || 'invoice';
  const original = `${invoiceNumber}.${extension}`;
  return `attachment; filename="${safe}.${extension}"; filename*=UTF-8''${encodeURIComponent(original).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Header values must stay ASCII and on one line: anything else is percent-encoded. */
export function headerValue(text: string): string {
  return /^[\x20-\x7E]*$/.test(text) ? text : encodeURIComponent(text);
}

/** A 200 answer carrying a PDF. */
export function pdfResult(pdf: Uint8Array, headers: Record<string, string>): APIGatewayProxyResult {
  return {
    statusCode: 200,
    isBase64Encoded: true,
    headers: { 'Content-Type': 'application/pdf', 'Cache-Control': 'no-store', ...headers },
    body: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('base64'),
  };
}
