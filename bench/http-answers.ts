/**
 * Just enough HTTP/1.1 for the load generators (bench/load-client.ts, bench/paced-load-client.ts),
 * as wrk does it: each request encoded once, answers read off a keep-alive socket by their
 * Content-Length, bodies not decoded. On this two-core machine node's own HTTP client (or
 * fetch) spent most of a core beside the server it measured, and its queueing and collections
 * showed up in the latencies.
 */
export interface PlannedRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Record<string, string>;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Groups the request's latency under this name in the result's `latenciesByLabel`. */
  readonly label?: string;
}

export function encodeRequest(request: PlannedRequest, host: string): Buffer {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const headers = {
    ...request.headers,
    ...(request.body !== undefined && { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
  };
  const lines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return Buffer.from(`${request.method} ${request.path} HTTP/1.1\r\nhost: ${host}\r\n${lines}\r\n${body}`);
}

export interface Answer {
  readonly status: number;
  /** As sent (compressed when the server compressed it). */
  readonly body: Buffer;
  /** The Content-Encoding header's value, when the answer had one. */
  readonly encoding: string | undefined;
}

/** An answer without a Content-Length: this reader cannot tell where it ends. */
export class UnsizedAnswerError extends Error {
  override readonly name = 'UnsizedAnswerError';
}

/** The answers arriving on one connection, in order. */
export class AnswerReader {
  private received: Buffer = Buffer.alloc(0);
  /** The current answer's head, once it has arrived whole. */
  private head: { readonly status: number; readonly encoding: string | undefined; readonly bodyAt: number; readonly end: number } | null = null;

  /** The answers this chunk completes. */
  feed(chunk: Buffer): Answer[] {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const answers: Answer[] = [];
    for (;;) {
      if (this.head === null) {
        const headEnd = this.received.indexOf('\r\n\r\n');
        if (headEnd < 0) return answers;
        const head = this.received.subarray(0, headEnd).toString('latin1');
        const length = /\r\ncontent-length: *(\d+)/i.exec(head);
        if (length === null) throw new UnsizedAnswerError(`an answer without Content-Length: ${head.split('\r\n')[0]}`);
        const encoding = /\r\ncontent-encoding: *([^\r]+)/i.exec(head)?.[1]?.trim();
        this.head = { status: Number(head.slice(9, 12)), encoding, bodyAt: headEnd + 4, end: headEnd + 4 + Number(length[1]) };
      }
      if (this.received.length < this.head.end) return answers;
      const { status, encoding, bodyAt, end } = this.head;
      answers.push({ status, body: this.received.subarray(bodyAt, end), encoding });
      this.received = this.received.subarray(end);
      this.head = null;
    }
  }
}
