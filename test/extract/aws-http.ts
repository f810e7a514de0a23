/**
 * A fake HTTP handler for the AWS SDK clients built by clients.ts: it answers
 * from a script of wire replies (the last one repeats) and records every
 * request, so the SDK's whole stack runs (serializer, signing, retry
 * middleware, deserializer) without leaving the process.
 */
import { Readable } from 'node:stream';
import type { BedrockRuntimeClientConfig } from '@aws-sdk/client-bedrock-runtime';
import type { TextractClientConfig } from '@aws-sdk/client-textract';

/** Dummy signing keys: the fake handler never leaves the process. */
export const TEST_CREDENTIALS = { accessKeyId: 'AKIDTESTONLY', secretAccessKey: 'test-only-secret' };

/** One wire reply. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** A request as the handler saw it. */
export interface SeenRequest {
  hostname: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal | undefined;
}

/** An HTTP handler answering from a script (the last reply repeats), recording every request. */
export class ScriptedHandler {
  readonly requests: SeenRequest[] = [];
  constructor(private readonly script: ReadonlyArray<Reply | 'hang'>) {}

  async handle(request: { hostname: string; path: string; headers: Record<string, string>; body?: unknown }, options?: { abortSignal?: AbortSignal }) {
    const body = typeof request.body === 'string' ? request.body : request.body instanceof Uint8Array ? new TextDecoder().decode(request.body) : '';
    this.requests.push({ hostname: request.hostname, path: request.path, headers: { ...request.headers }, body, signal: options?.abortSignal });
    const reply = this.script[Math.min(this.requests.length - 1, this.script.length - 1)]!;
    if (reply === 'hang') {
      return new Promise<never>((_, reject) => {
        options?.abortSignal?.addEventListener('abort', () => reject(Object.assign(new Error('Request aborted'), { name: 'AbortError' })), { once: true });
      });
    }
    return {
      response: {
        statusCode: reply.status,
        reason: '',
        headers: { 'x-amzn-requestid': `req-${this.requests.length}`, ...reply.headers },
        body: Readable.from([Buffer.from(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body))]),
      },
    };
  }
  updateHttpClientConfig(): void {}
  httpHandlerConfigs(): Record<string, never> {
    return {};
  }
}

/** The handler as the client configuration types it (ours implements the part the SDK calls). */
export function asRequestHandler(handler: ScriptedHandler): TextractClientConfig['requestHandler'] & BedrockRuntimeClientConfig['requestHandler'] {
  return handler as unknown as TextractClientConfig['requestHandler'] & BedrockRuntimeClientConfig['requestHandler'];
}

/** A Textract (awsJson1_1) success reply with `body` as sent on the wire. */
export function textractReply(body: unknown): Reply {
  return { status: 200, headers: { 'content-type': 'application/x-amz-json-1.1' }, body };
}
