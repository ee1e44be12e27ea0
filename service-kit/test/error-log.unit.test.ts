import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { ServiceUnavailableError, errorHandler, logUnexpectedErrors } from '../src/index.ts';

describe('logging unexpected errors', () => {
  function logged(error: unknown): string[] {
    const app = new EventEmitter();
    const lines: string[] = [];
    logUnexpectedErrors(app, (line) => lines.push(line));
    app.emit('error', error);
    return lines;
  }

  it('logs an error of the server with its stack', () => {
    const lines = logged(new TypeError('cannot read properties of undefined'));
    expect(lines).to.have.length(1);
    expect(lines[0]).to.match(/^\[error\] server: TypeError: cannot read properties of undefined\n\s+at /);
  });

  it('keeps quiet about clients that went away before their answer was sent', () => {
    for (const code of ['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']) {
      expect(logged(Object.assign(new Error('Premature close'), { code })), code).to.deep.equal([]);
    }
  });

  it('still logs other errors that carry a code', () => {
    expect(logged(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }))).to.have.length(1);
  });
});

describe('what the error envelope logs', () => {
  it('logs a bug once with its stack, and a refusal the product chose (a busy 503) not at all', async () => {
    const app = new Koa();
    const lines: string[] = [];
    logUnexpectedErrors(app, (line) => lines.push(line));
    app.use(errorHandler());
    app.use((ctx) => {
      if (ctx.path === '/busy') throw new ServiceUnavailableError('Busy, try again shortly', 2);
      throw new TypeError('cannot read properties of undefined');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const busy = await fetch(`${base}/busy`);
      expect([busy.status, busy.headers.get('retry-after')]).to.deep.equal([503, '2']);
      expect(await busy.json()).to.include({ success: false, statusCode: 503, message: 'Busy, try again shortly' });
      expect(lines, 'nothing logged for a chosen refusal').to.deep.equal([]);
      const bug = await fetch(`${base}/bug`);
      expect(bug.status).to.equal(500);
      expect(lines).to.have.length(1);
      // the route's pattern (none matched here), never the raw path: it may carry ids and tokens
      expect(lines[0]).to.match(/^\[error\] GET unmatched: TypeError: cannot read properties of undefined\n\s+at /);
    } finally {
      server.close();
    }
  });
});
