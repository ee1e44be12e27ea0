import { expect } from 'chai';
import { ServiceUnavailableError } from '@stays/service-kit';
import { createBoundedWork } from '../src/bounded-work.ts';

/** A task that runs until the test lets it finish. */
function heldTask() {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  let started = false;
  const done = new Promise<string>((resolve, reject) => { finish = resolve; fail = reject; });
  return { task: () => { started = true; return done; }, finish, fail, get started() { return started; } };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('bounded work (the argon2 line)', () => {
  it('runs at most `concurrency` tasks, lets `maxWaiting` wait, and refuses the next with 503 and Retry-After', async () => {
    const work = createBoundedWork({ concurrency: 2, maxWaiting: 2, busyMessage: 'busy', retryAfterSeconds: 3 });
    const tasks = Array.from({ length: 4 }, heldTask);
    const results = tasks.map((held) => work.run(held.task));
    await settle();
    expect(tasks.map((held) => held.started)).to.deep.equal([true, true, false, false]);
    expect({ running: work.running, waiting: work.waiting }).to.deep.equal({ running: 2, waiting: 2 });

    const refused = await work.run(async () => 'never').then(() => null, (error: unknown) => error);
    expect(refused).to.be.instanceOf(ServiceUnavailableError);
    expect(refused).to.include({ statusCode: 503, message: 'busy', retryAfterSeconds: 3 });

    tasks[0]!.finish('first');
    expect(await results[0]).to.equal('first');
    await settle();
    expect(tasks[2]!.started).to.equal(true);
    expect({ running: work.running, waiting: work.waiting }).to.deep.equal({ running: 2, waiting: 1 });
    // room in the line again
    const later = heldTask();
    const laterResult = work.run(later.task);
    expect(work.waiting).to.equal(2);

    // a failing task frees its turn too, and its caller gets its error
    tasks[1]!.fail(new Error('argon2 failed'));
    await results[1]!.then(() => expect.fail('should have failed'), (error: Error) => expect(error.message).to.equal('argon2 failed'));
    await settle();
    expect(tasks[3]!.started).to.equal(true);
    for (const held of [tasks[2]!, tasks[3]!, later]) held.finish('ok');
    expect(await Promise.all([results[2], results[3], laterResult])).to.deep.equal(['ok', 'ok', 'ok']);
    expect({ running: work.running, waiting: work.waiting }).to.deep.equal({ running: 0, waiting: 0 });
  });
});
