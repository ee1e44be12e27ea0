import { expect } from 'chai';
import { ServiceUnavailableError } from '@stays/service-kit';
import { createTwoLaneWork, type Lane } from '../src/two-lane-work.ts';

/** A task that runs until the test lets it finish, noting the order tasks start in. */
function heldTask(name: string, started: string[]) {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => {
    finish = () => resolve(name);
  });
  return {
    task: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('two-lane work (the argon2 line with a share kept for clean sign-ins)', () => {
  const options = { concurrency: 1, maxWaiting: { kept: 2, open: 3 }, keptTurns: 2, busyMessage: 'busy', retryAfterSeconds: 2 };

  it('gives the kept lane `keptTurns` turns for each of the open lane while both wait, and every turn the other leaves', async () => {
    const work = createTwoLaneWork(options);
    const started: string[] = [];
    const tasks = new Map<string, ReturnType<typeof heldTask>>();
    const results: Promise<string>[] = [];
    const queue = (lane: Lane, name: string) => {
      const held = heldTask(name, started);
      tasks.set(name, held);
      results.push(work.run(lane, held.task));
    };
    queue('open', 'o1');
    for (const name of ['o2', 'o3', 'o4']) queue('open', name);
    for (const name of ['k1', 'k2']) queue('kept', name);
    await settle();
    expect({ running: work.running, kept: work.waiting('kept'), open: work.waiting('open') }).to.deep.equal({ running: 1, kept: 2, open: 3 });
    // both lanes are full: the next of either is refused at once
    for (const lane of ['kept', 'open'] as const) {
      const refused = await refusalOf(work.run(lane, async () => 'never'));
      expect(refused).to.be.instanceOf(ServiceUnavailableError);
      expect(refused).to.include({ statusCode: 503, message: 'busy', retryAfterSeconds: 2 });
    }
    // one at a time: finishing the running task starts the next
    while (started.length < tasks.size) {
      tasks.get(started.at(-1)!)!.finish();
      await settle();
    }
    // o1 was running; then two kept turns, one open turn, then the open lane alone
    expect(started).to.deep.equal(['o1', 'k1', 'k2', 'o2', 'o3', 'o4']);
    tasks.get('o4')!.finish();
    expect(await Promise.all(results)).to.deep.equal(['o1', 'o2', 'o3', 'o4', 'k1', 'k2']);
    expect({ running: work.running, kept: work.waiting('kept'), open: work.waiting('open') }).to.deep.equal({ running: 0, kept: 0, open: 0 });
  });

  it('keeps to the share while both lanes stay busy, and a kept task finding its lane full waits in the open lane', async () => {
    const work = createTwoLaneWork(options);
    const started: string[] = [];
    const held = new Map<string, ReturnType<typeof heldTask>>();
    const all: Promise<string>[] = [];
    const run = (lane: Lane, name: string) => {
      const task = heldTask(name, started);
      held.set(name, task);
      all.push(work.run(lane, task.task));
    };
    for (const name of ['o0', 'o1', 'o2', 'o3']) run('open', name);
    await settle();
    let kept = 0;
    for (let turn = 0; turn < 6; turn++) {
      while (work.waiting('kept') < 2) run('kept', `k${++kept}`);
      held.get(started.at(-1)!)!.finish();
      await settle();
    }
    expect(started).to.deep.equal(['o0', 'k1', 'k2', 'o1', 'k3', 'k4', 'o2']);

    // the kept lane is full (k5, k6): more kept tasks wait in the open lane (behind o3) while it has room
    run('kept', 'k7');
    run('kept', 'k8');
    expect({ kept: work.waiting('kept'), open: work.waiting('open') }).to.deep.equal({ kept: 2, open: 3 });
    expect(await refusalOf(work.run('kept', async () => 'never'))).to.be.instanceOf(ServiceUnavailableError);
    while (started.length < held.size) {
      held.get(started.at(-1)!)!.finish();
      await settle();
    }
    held.get(started.at(-1)!)!.finish();
    await Promise.all(all);
    expect(started.slice(7)).to.deep.equal(['k5', 'k6', 'o3', 'k7', 'k8']);
  });

  it('puts a task that goes ahead at the front of its lane, and at the back of the open lane when it overflows there', async () => {
    const work = createTwoLaneWork(options);
    const started: string[] = [];
    const held = new Map<string, ReturnType<typeof heldTask>>();
    const all: Promise<string>[] = [];
    const run = (lane: Lane, name: string, ahead = false) => {
      const task = heldTask(name, started);
      held.set(name, task);
      all.push(work.run(lane, task.task, { ahead }));
    };
    run('open', 'o0');
    run('kept', 'k1');
    run('kept', 'k2 (ahead)', true);
    run('open', 'o1');
    run('kept', 'k3 (ahead, in the open lane)', true);
    await settle();
    while (started.length < held.size) {
      held.get(started.at(-1)!)!.finish();
      await settle();
    }
    held.get(started.at(-1)!)!.finish();
    await Promise.all(all);
    expect(started).to.deep.equal(['o0', 'k2 (ahead)', 'k1', 'o1', 'k3 (ahead, in the open lane)']);
  });

  it('runs a task at once while there is room, and frees the turn of a task that fails', async () => {
    const work = createTwoLaneWork({ ...options, concurrency: 2 });
    const failed = await refusalOf(
      work.run('open', async () => {
        throw new Error('argon2 failed');
      }),
    );
    expect((failed as Error).message).to.equal('argon2 failed');
    expect(await Promise.all([work.run('kept', async () => 'a'), work.run('open', async () => 'b')])).to.deep.equal(['a', 'b']);
    expect(work.running).to.equal(0);
  });
});
