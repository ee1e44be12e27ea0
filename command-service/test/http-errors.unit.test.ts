import { expect } from 'chai';
import Koa from 'koa';
import { errorHandler } from '@stays/service-kit';
import { Conflict, Forbidden, InvalidInput, NotFound, TooMany, Unauthenticated, Unavailable, type DomainError } from '../src/domain-errors.ts';
import { STORE_UNAVAILABLE_MESSAGES, domainErrorToAppError } from '../src/http-errors.ts';

/** What the command service answers when a handler throws `error`. */
async function answerTo(error: unknown) {
  const app = new Koa();
  app.on('error', () => undefined);
  app.use(errorHandler({ toAppError: domainErrorToAppError }));
  app.use(() => {
    throw error;
  });
  const server = app.listen(0);
  try {
    const { port } = server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}/`);
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
  } finally {
    server.close();
  }
}

describe('domain errors over HTTP', () => {
  const cases: [DomainError, number][] = [
    [new NotFound('No such booking'), 404],
    [new Conflict('Sold out'), 409],
    [new Forbidden('Not your booking'), 403],
    [new Unauthenticated('Wrong email or password'), 401],
    [new InvalidInput(undefined, 'The OTP is wrong or has expired'), 400],
  ];

  it('answers each with its status and its message, in the envelope', async () => {
    for (const [error, status] of cases) {
      expect(await answerTo(error), error.name).to.deep.equal({
        status,
        retryAfter: null,
        body: { success: false, statusCode: status, message: error.message },
      });
    }
  });

  it('names the field of invalid input', async () => {
    const { status, body } = await answerTo(new InvalidInput('numberOfRooms', 'must be 1 for a Flat'));
    expect([status, body]).to.deep.equal([400, { success: false, statusCode: 400, message: 'Rooms must be 1 for a Flat.', field: 'numberOfRooms' }]);
  });

  it('says when to try again after too many tries', async () => {
    expect(await answerTo(new TooMany('Too many tries', 30))).to.deep.include({ status: 429, retryAfter: '30' });
    expect(await answerTo(new TooMany('Too many tries'))).to.deep.include({ status: 429, retryAfter: null });
  });

  it('answers what a service outside the log could not do 503, saying when to try again', async () => {
    expect(await answerTo(new Unavailable('Could not send', 60))).to.deep.equal({
      status: 503,
      retryAfter: '60',
      body: { success: false, statusCode: 503, message: 'Could not send' },
    });
  });

  it('answers a file write that met a full disk or quota (media, the outbox) 503 with Retry-After, promising nothing was saved no more than it knows', async () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      const error = Object.assign(new Error(`${code}: no space left on device, write`), { code });
      expect(await answerTo(error), code).to.deep.equal({
        status: 503,
        retryAfter: '5',
        body: { success: false, statusCode: 503, message: STORE_UNAVAILABLE_MESSAGES['disk-full-files'] },
      });
    }
    // a failing disk is not one that passes once space is back
    expect((await answerTo(Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' }))).status).to.equal(500);
  });

  it('leaves other errors to the error handler: a bug is a 500 that says nothing of it', async () => {
    const { status, body } = await answerTo(new Error('secret detail'));
    expect(status).to.equal(500);
    expect(JSON.stringify(body)).not.to.contain('secret');
  });
});
