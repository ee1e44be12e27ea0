import { EventEmitter } from 'node:events';
import { expect } from 'chai';
import { logUnexpectedErrors } from '../src/index.ts';

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
