/** The service version shown by /api/health and the OpenAPI document. */
export const SERVICE_VERSION = '0.1.0';
