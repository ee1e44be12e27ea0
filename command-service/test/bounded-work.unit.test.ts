import { expect } from 'chai';
import { ServiceUnavailableError } from '@stays/service-kit';
import { createBoundedWork } from '../src/bounded-work.ts';

/** A task that runs until the test lets it finish. */
function heldTask() {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  let started = false;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    task: () => {
      started = true;
      return done;
    },
    finish,
    fail,
    get started() {
      return started;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('bounded work (the argon2 and image lines)', () => {
  it('runs at most `concurrency` tasks, lets `maxWaiting` wait, and refuses the next with 503 and Retry-After', async () => {
    const work = createBoundedWork({ concurrency: 2, maxWaiting: 2, busyMessage: 'busy', retryAfterSeconds: 3 });
    const tasks = Array.from({ length: 4 }, heldTask);
    const results = tasks.map((held) => work.run(held.task));
    await settle();
    expect(tasks.map((held) => held.started)).to.deep.equal([true, true, false, false]);
    expect({ running: work.running, waiting: work.waiting }).to.deep.equal({ running: 2, waiting: 2 });

    const refused = await work
      .run(async () => 'never')
      .then(
        () => null,
        (error: unknown) => error,
      );
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
    await results[1]!.then(
      () => expect.fail('should have failed'),
      (error: Error) => expect(error.message).to.equal('argon2 failed'),
    );
    await settle();
    expect(tasks[3]!.started).to.equal(true);
    for (const held of [tasks[2]!, tasks[3]!, later]) held.finish('ok');
    expect(await Promise.all([results[2], results[3], laterResult])).to.deep.equal(['ok', 'ok', 'ok']);
    expect({ running: work.running, waiting: work.waiting }).to.deep.equal({ running: 0, waiting: 0 });
  });

  it('runs a batch item by item in turns of its own, taking one place, and refuses a batch before any of its work', async () => {
    const work = createBoundedWork({ concurrency: 1, maxWaiting: 1, busyMessage: 'busy with images', retryAfterSeconds: 5 });
    const started: string[] = [];
    const held = new Map<string, ReturnType<typeof heldTask>>();
    const step = (name: string) => {
      const task = heldTask();
      held.set(name, task);
      started.push(name);
      return task.task();
    };
    const ten = work.runEach(['a1', 'a2', 'a3'], step);
    const one = work.runEach(['b1'], step);
    await settle();
    expect(started).to.deep.equal(['a1']);
    expect({ running: work.running, waiting: work.waiting }).to.deep.equal({ running: 1, waiting: 1 });

    // two batches hold both places: a third is refused at once, having run nothing
    let refusedRan = false;
    const refused = await work
      .runEach(['c1'], async () => {
        refusedRan = true;
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).to.be.instanceOf(ServiceUnavailableError);
    expect(refused).to.include({ statusCode: 503, message: 'busy with images', retryAfterSeconds: 5 });
    expect(refusedRan).to.equal(false);

    // the first batch's next item queues behind the other batch's waiting one
    held.get('a1')!.finish('A1');
    await settle();
    expect(started).to.deep.equal(['a1', 'b1']);
    held.get('b1')!.finish('B1');
    expect(await one).to.deep.equal(['B1']);
    await settle();
    held.get('a2')!.finish('A2');
    await settle();
    held.get('a3')!.finish('A3');
    expect(await ten).to.deep.equal(['A1', 'A2', 'A3']);
    expect({ running: work.running, waiting: work.waiting }).to.deep.equal({ running: 0, waiting: 0 });
  });

  it("frees a batch's place when one of its items fails, and does not run the rest", async () => {
    const work = createBoundedWork({ concurrency: 1, maxWaiting: 0, busyMessage: 'busy' });
    const ran: number[] = [];
    const failed = await work
      .runEach([1, 2, 3], async (n) => {
        ran.push(n);
        if (n === 2) throw new Error('not an image');
        return n;
      })
      .then(
        () => null,
        (error: Error) => error.message,
      );
    expect(failed).to.equal('not an image');
    expect(ran).to.deep.equal([1, 2]);
    expect(await work.runEach([4], async (n) => n)).to.deep.equal([4]);
  });
});
