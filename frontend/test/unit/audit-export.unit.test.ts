/** The export call: the NDJSON body read as a stream, counted as it arrives, with the auditor's token. */
import { expect } from 'chai';
import { auditApi, type ExportProgress } from '../../src/features/audit/api/audit-api.ts';
import { setUnauthorizedHandler } from '../../src/lib/api-client-hooks.ts';
import { tokenStorage } from '../../src/lib/persist.ts';

const encoder = new TextEncoder();
/** A response whose body arrives in the given pieces. */
function streamed(pieces: readonly string[], init: ResponseInit): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, init);
}

describe('audit export call (unit)', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    tokenStorage.clear();
    setUnauthorizedHandler(() => undefined);
  });

  it('sends the filters and the token, counts lines and bytes piece by piece, and returns the whole file', async () => {
    const asked: { url: string; authorization: string | null }[] = [];
    const lines = ['{"leafIndex":0}\n', '{"leafIndex":1}\n{"leaf', 'Index":2}\n'];
    globalThis.fetch = async (input, init) => {
      asked.push({ url: String(input), authorization: new Headers(init?.headers).get('Authorization') });
      return streamed(lines, { status: 200, headers: { 'Content-Type': 'application/x-ndjson', 'X-Total-Count': '3' } });
    };
    tokenStorage.set('auditor-token');
    const progress: ExportProgress[] = [];
    const result = await auditApi.exportLog({ category: 'booking', type: '', actor: undefined }, new AbortController().signal, (p) => progress.push(p));
    expect(asked).to.deep.equal([{ url: '/sharma/resident/stays/audit/log/export?category=booking', authorization: 'Bearer auditor-token' }]);
    expect(progress).to.deep.equal([
      { events: 1, bytes: 16, total: 3 },
      { events: 2, bytes: 38, total: 3 },
      { events: 3, bytes: 48, total: 3 },
    ]);
    expect(result.events).to.equal(3);
    expect(await result.file.text()).to.equal(lines.join(''));
  });

  it("fails with the server's answer, and a 401 ends the session", async () => {
    let ended = 0;
    setUnauthorizedHandler(() => {
      ended += 1;
    });
    tokenStorage.set('stale-token');
    globalThis.fetch = async () => new Response(JSON.stringify({ success: false, statusCode: 401, message: 'Please sign in again' }), { status: 401 });
    const failure = await auditApi
      .exportLog({}, new AbortController().signal, () => undefined)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).to.have.nested.property('response.status', 401);
    expect(failure).to.have.nested.property('response.data.message', 'Please sign in again');
    expect(ended).to.equal(1);
  });
});
