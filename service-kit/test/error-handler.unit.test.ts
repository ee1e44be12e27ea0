/**
 * The one place errors become HTTP answers: what each kind of failure is answered with
 * (status, message, field, Retry-After), which failures are logged as bugs, and what the log
 * line says and leaves out.
 */
import { expect } from 'chai';
import type { Context } from 'koa';
import { messages } from '@stays/contracts';
import {
  AppError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
  errorHandler,
  failureBody,
  logUnexpectedErrors,
  respond,
  successJson,
  type ErrorHandlerOptions,
} from '../src/index.ts';

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  readonly emitted: unknown[];
}

/** What the handler answers when the rest of the request throws `thrown` (or, with `after`, sets the context itself). */
async function answerTo(thrown: unknown, options: ErrorHandlerOptions = {}, after?: (ctx: { status: number; body: unknown }) => void): Promise<Answer> {
  const headers: Record<string, string> = {};
  const emitted: unknown[] = [];
  const ctx = {
    status: 404,
    body: undefined as unknown,
    set: (name: string, value: string) => void (headers[name] = value),
    app: { emit: (_event: string, error: unknown) => void emitted.push(error) },
  };
  await errorHandler(options)(ctx as unknown as Context, async () => {
    if (after !== undefined) return after(ctx);
    throw thrown;
  });
  return { status: ctx.status, body: ctx.body, headers, emitted };
}

const failure = (statusCode: number, message: string, field?: string) => ({ success: false, statusCode, message, ...(field !== undefined && { field }) });
const withStatus = (status: number, extra: Record<string, unknown> = {}) => Object.assign(new Error('from a library'), { status }, extra);

describe('the error handler: every failure answered in the envelope', () => {
  it("keeps the product's own errors: their status, message and field, logged as no bug", async () => {
    const invalid = new ValidationError('email', 'must be an email');
    expect(await answerTo(invalid)).to.deep.include({ status: 400, body: failure(400, invalid.message, 'email'), emitted: [] });
    expect(await answerTo(new NotFoundError('No such hotel'))).to.deep.include({ status: 404, body: failure(404, 'No such hotel') });
    const unavailable = await answerTo(new ServiceUnavailableError('The store cannot be reached'));
    expect(unavailable).to.deep.include({ status: 503, body: failure(503, 'The store cannot be reached'), emitted: [], headers: {} });
  });

  it('says when to try again where the refusal knows', async () => {
    expect((await answerTo(new TooManyRequestsError(undefined, 30))).headers).to.deep.equal({ 'Retry-After': '30' });
    expect((await answerTo(new ServiceUnavailableError('busy', 5))).headers).to.deep.equal({ 'Retry-After': '5' });
    expect((await answerTo(new TooManyRequestsError())).headers).to.deep.equal({});
    expect((await answerTo(new ConflictError('taken'))).headers).to.deep.equal({});
  });

  it("answers the body parsers' and the router's refusals with messages of ours", async () => {
    const cases: [unknown, number, string][] = [
      [withStatus(413), 413, messages.server.payloadTooLarge],
      [Object.assign(new Error('maxFileSize exceeded'), { httpCode: 413 }), 413, messages.server.payloadTooLarge],
      [Object.assign(new Error('too large'), { statusCode: 413 }), 413, messages.server.payloadTooLarge],
      [withStatus(415), 415, messages.server.unsupportedMediaType],
      [withStatus(405), 405, messages.server.methodNotAllowed],
      [withStatus(501), 405, messages.server.methodNotAllowed],
      [Object.assign(new SyntaxError('Unexpected token'), { status: 400 }), 400, messages.server.malformedJson],
      [withStatus(400, { type: 'entity.parse.failed' }), 400, messages.server.malformedJson],
      [withStatus(400, { type: 'request.aborted' }), 400, messages.server.invalidField('body', 'could not be read')],
      [withStatus(409), 409, messages.server.invalidField('request', 'was refused')],
      [withStatus(499), 499, messages.server.invalidField('request', 'was refused')],
    ];
    for (const [thrown, status, message] of cases) {
      const answer = await answerTo(thrown);
      expect(answer, `${status} ${message}`).to.deep.include({ status, body: failure(status, message), emitted: [] });
    }
  });

  it('answers anything else as our failure, without its message, and logs it as a bug', async () => {
    for (const thrown of [
      new Error('secret detail'),
      withStatus(500),
      withStatus(503),
      withStatus(399),
      withStatus(600),
      'a string',
      null,
      { status: '400' },
    ]) {
      const answer = await answerTo(thrown);
      expect(answer, String(thrown)).to.deep.include({ status: 500, body: failure(500, messages.server.internalError) });
      expect(answer.emitted, String(thrown)).to.deep.equal([thrown]);
    }
    // an AppError of 5xx the product chose is an answer, not a bug
    expect((await answerTo(new AppError(502, 'The payment gateway did not answer'))).emitted).to.deep.equal([]);
  });

  it("maps a service's own errors first, logging the original when it is a bug", async () => {
    class DomainRefusal extends Error {}
    const toAppError = (error: unknown) => (error instanceof DomainRefusal ? new ConflictError('That room is taken') : undefined);
    expect(await answerTo(new DomainRefusal('taken'), { toAppError })).to.deep.include({ status: 409, body: failure(409, 'That room is taken') });
    const bug = new Error('not a domain error');
    expect(await answerTo(bug, { toAppError })).to.deep.include({ status: 500, emitted: [bug] });
  });

  it('answers a path no route serves with its own 404, and leaves a 404 a route answered alone', async () => {
    expect(await answerTo(undefined, {}, () => undefined)).to.deep.include({ status: 404, body: failure(404, messages.server.routeNotFound) });
    const answered = { success: false, statusCode: 404, message: 'No such hotel' };
    expect(
      await answerTo(undefined, {}, (ctx) => {
        ctx.body = answered;
      }),
    ).to.deep.include({ status: 404, body: answered });
    expect(
      await answerTo(undefined, {}, (ctx) => {
        ctx.status = 204;
      }),
    ).to.deep.include({ status: 204, body: undefined });
  });
});

describe('the log of unexpected errors', () => {
  /** The lines logged for `error` raised on a request (or none, for the server). */
  function logged(error: unknown, ctx?: object): string[] {
    const lines: string[] = [];
    let listener: ((error: unknown, ctx?: Context) => void) | undefined;
    logUnexpectedErrors({ on: (_event, registered) => (listener = registered) }, (line) => lines.push(line));
    listener!(error, ctx as Context | undefined);
    return lines;
  }

  it('names the route by its pattern and the request id, never the path, with the stack', () => {
    const error = new Error('boom');
    const [line] = logged(error, { method: 'POST', _matchedRoute: '/hotel/:hotelID/rooms', state: { requestId: 'r-42' }, path: '/hotel/h-secret/rooms' });
    expect(line).to.equal(`[error] POST /hotel/:hotelID/rooms (request r-42): ${error.stack}`);
    expect(logged('text thrown', { method: 'GET', _matchedRoute: undefined, state: {} })).to.deep.equal(['[error] GET unmatched: text thrown']);
    expect(logged(Object.assign(new Error('no stack'), { stack: undefined }))).to.deep.equal(['[error] server: no stack']);
  });

  it('leaves out a client that went away before its answer was sent', () => {
    for (const code of ['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']) {
      expect(logged(Object.assign(new Error('gone'), { code }), { method: 'GET', state: {} }), code).to.deep.equal([]);
    }
    expect(logged(Object.assign(new Error('disk'), { code: 'ENOSPC' }))).to.have.length(1);
    expect(logged(null)).to.deep.equal(['[error] server: null']);
  });
});

describe('the envelopes', () => {
  it('answers success with its status, message and data beside any extra fields, which cannot override them', () => {
    const ctx = { status: 0, body: undefined as unknown };
    respond(ctx as unknown as Context, 201, 'Created', { id: 'h1' }, { pagination: { page: 1 }, success: false });
    expect(ctx).to.deep.equal({ status: 201, body: { pagination: { page: 1 }, success: true, statusCode: 201, message: 'Created', data: { id: 'h1' } } });
    expect(JSON.parse(successJson(200, 'Found', [1], { statusCode: 500 }))).to.deep.equal({ statusCode: 200, success: true, message: 'Found', data: [1] });
    expect(JSON.parse(successJson(200, 'Found', null))).to.deep.equal({ success: true, statusCode: 200, message: 'Found', data: null });
  });

  it('answers failure with the field only where one is named', () => {
    expect(failureBody(400, 'Email is required.', 'email')).to.deep.equal({ success: false, statusCode: 400, message: 'Email is required.', field: 'email' });
    expect(failureBody(404, 'No such hotel')).to.deep.equal({ success: false, statusCode: 404, message: 'No such hotel' });
  });

  it("gives each of the product's errors its status, and a message of ours where none is given", () => {
    const cases: [AppError, number, string][] = [
      [new BadRequestError('Bad dates'), 400, 'Bad dates'],
      [new UnauthorizedError(), 401, messages.server.signInRequired],
      [new ForbiddenError(), 403, messages.server.forbidden],
      [new NotFoundError(), 404, messages.server.notFound],
      [new ConflictError('Taken'), 409, 'Taken'],
      [new PayloadTooLargeError(), 413, messages.server.payloadTooLarge],
      [new UnsupportedMediaTypeError(), 415, messages.server.unsupportedMediaType],
      [new TooManyRequestsError(), 429, messages.server.tooManyRequests],
      [new ServiceUnavailableError('Busy'), 503, 'Busy'],
    ];
    for (const [error, statusCode, message] of cases) expect(error, message).to.be.instanceOf(AppError).and.include({ statusCode, message });
  });
});
