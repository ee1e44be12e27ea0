/**
 * Passwords: argon2id hashes checked in the bounded password line. A match, another
 * password, no account (a dummy hash checked all the same) and a hash argon2 cannot read;
 * which lane each caller waits in; how many run at once; a full line answered 503 at once.
 */
import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { ServiceUnavailableError } from '@stays/service-kit';
import { createPasswords, passwordConcurrency } from '../../src/accounts/passwords.ts';
import type { Lane, TwoLaneWork } from '../../src/two-lane-work.ts';

/** A line that runs every task at once and notes the lane and place it was asked for. */
function notingLine() {
  const asked: [Lane, boolean | undefined][] = [];
  const work: TwoLaneWork = {
    run: (lane, task, place) => {
      asked.push([lane, place?.ahead]);
      return task();
    },
    running: 0,
    waiting: () => 0,
  };
  return { asked, work };
}

describe('passwords', function () {
  this.timeout(30_000);

  it('hashes with argon2id and matches only the password hashed', async () => {
    const { work } = notingLine();
    const passwords = createPasswords(work);
    const hash = await passwords.hash('correct horse battery staple');
    const [, kind, version, settings] = hash.split('$');
    expect([kind, version, settings?.split(',').sort()], "OWASP's settings").to.deep.equal(['argon2id', 'v=19', ['m=19456', 'p=1', 't=2']]);
    expect(await passwords.check(hash, 'correct horse battery staple', 'clean')).to.equal(true);
    expect(await passwords.check(hash, 'correct horse battery stapl', 'clean')).to.equal(false);
  });

  it('says no for no account, even to the dummy hash’s own password, and for a hash it cannot read', async () => {
    const { asked, work } = notingLine();
    const passwords = createPasswords(work);
    expect(await passwords.check(null, 'not a real password', 'unproven')).to.equal(false);
    expect(asked, 'the same argon2 run as for an account').to.have.length(1);
    expect(await passwords.check('$argon2id$v=19$broken', 'anything', 'unproven')).to.equal(false);
    expect(await passwords.check('plain text', 'plain text', 'unproven')).to.equal(false);
  });

  it('waits in the kept lane for known callers (at its front) and clean ones, in the open lane for the unproven and for new hashes', async () => {
    const { asked, work } = notingLine();
    const passwords = createPasswords(work);
    const hash = await passwords.hash('pa55word!');
    for (const standing of ['known', 'clean', 'unproven'] as const) await passwords.check(hash, 'pa55word!', standing);
    expect(asked).to.deep.equal([
      ['open', undefined],
      ['kept', true],
      ['kept', false],
      ['open', false],
    ]);
  });

  it('runs one argon2 per core but one, below the thread pool’s size, and at least one', () => {
    expect(passwordConcurrency(2, 4)).to.equal(1);
    expect(passwordConcurrency(8, 4)).to.equal(3);
    expect(passwordConcurrency(8, 16)).to.equal(7);
    expect(passwordConcurrency(1, 4)).to.equal(1);
    expect(passwordConcurrency(8, 1)).to.equal(1);
    const saved = process.env.UV_THREADPOOL_SIZE;
    try {
      process.env.UV_THREADPOOL_SIZE = '16';
      expect(passwordConcurrency(8)).to.equal(7);
      process.env.UV_THREADPOOL_SIZE = 'many';
      expect(passwordConcurrency(8), 'libuv’s default of 4').to.equal(3);
      delete process.env.UV_THREADPOOL_SIZE;
      expect(passwordConcurrency(8)).to.equal(3);
    } finally {
      if (saved === undefined) delete process.env.UV_THREADPOOL_SIZE;
      else process.env.UV_THREADPOOL_SIZE = saved;
    }
  });

  it('answers a check that finds the line full 503 at once, and lets 32 wait in a lane', async () => {
    const passwords = createPasswords();
    const hash = await passwords.hash('pa55word!');
    const running = passwordConcurrency();
    const tries = Array.from({ length: running + 32 + 3 }, () =>
      passwords.check(hash, 'pa55word!', 'unproven').then(
        (matched) => ({ matched }),
        (error: unknown) => ({ error }),
      ),
    );
    const outcomes = await Promise.all(tries);
    expect(outcomes.filter((outcome) => 'matched' in outcome && outcome.matched)).to.have.length(running + 32);
    const refused = outcomes.flatMap((outcome) => ('error' in outcome ? [outcome.error] : []));
    expect(refused).to.have.length(3);
    for (const error of refused) {
      expect(error).to.be.instanceOf(ServiceUnavailableError);
      expect([(error as ServiceUnavailableError).message, (error as ServiceUnavailableError).retryAfterSeconds]).to.deep.equal([
        messages.server.passwordWorkBusy,
        1,
      ]);
    }
  });
});
