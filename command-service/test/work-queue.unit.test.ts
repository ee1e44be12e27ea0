import { expect } from 'chai';
import { WorkQueue } from '../src/reactors/work-queue.ts';

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Work that runs until the test lets each call finish. */
function heldWork() {
  const started: string[] = [];
  const finishers: Array<{ key: string; finish: () => void; fail: (error: Error) => void }> = [];
  const work = (key: string) =>
    new Promise<void>((resolve, reject) => {
      started.push(key);
      finishers.push({ key, finish: resolve, fail: reject });
    });
  const finish = (key: string) => {
    const at = finishers.findIndex((held) => held.key === key);
    finishers.splice(at, 1)[0]!.finish();
  };
  return {
    work,
    started,
    finish,
    get running() {
      return finishers.map((held) => held.key);
    },
  };
}

describe("the reactors' work queue", () => {
  it('works on at most `lanes` keys at once, and on a key queued many times while waiting once', async () => {
    const held = heldWork();
    const queue = new WorkQueue({ lanes: 2, retryDelaysMs: [1], work: held.work });
    for (const key of ['a', 'b', 'c', 'c', 'c']) queue.add(key);
    await settle();
    expect(held.running).to.deep.equal(['a', 'b']);
    held.finish('a');
    await settle();
    expect(held.running).to.deep.equal(['b', 'c']);
    held.finish('b');
    held.finish('c');
    await queue.whenIdle();
    expect(held.started).to.deep.equal(['a', 'b', 'c']);
  });

  it('never works on one key twice at once: queued again while running, it runs again afterwards', async () => {
    const held = heldWork();
    const queue = new WorkQueue({ lanes: 4, retryDelaysMs: [1], work: held.work });
    queue.add('a');
    await settle();
    queue.add('a');
    queue.add('b');
    await settle();
    expect(held.running).to.deep.equal(['a', 'b']);
    held.finish('a');
    await settle();
    expect(held.running).to.deep.equal(['b', 'a']);
    held.finish('a');
    held.finish('b');
    await queue.whenIdle();
    expect(held.started).to.deep.equal(['a', 'b', 'a']);
  });

  it('retries a failing key after each delay in turn, the last one repeating, and forgets its failures once it succeeds', async () => {
    const failuresSeen: Array<[string, number, number]> = [];
    let calls = 0;
    let failUntil = 4;
    const queue = new WorkQueue({
      lanes: 1,
      retryDelaysMs: [3, 2, 1],
      work: async () => {
        calls++;
        if (calls <= failUntil) throw new Error(`failure ${calls}`);
      },
      onFailure: (key, error, failures, retryInMs) => failuresSeen.push([key, failures, retryInMs]),
    });
    queue.add('k');
    await queue.whenIdle();
    expect(calls).to.equal(5);
    expect(failuresSeen).to.deep.equal([
      ['k', 1, 3],
      ['k', 2, 2],
      ['k', 3, 1],
      ['k', 4, 1],
    ]);
    failUntil = 6;
    queue.add('k');
    await queue.whenIdle();
    expect(failuresSeen.slice(4)).to.deep.equal([['k', 1, 3]]);
  });

  it('keeps other keys moving while one waits for its retry', async () => {
    const done: string[] = [];
    let failedOnce = false;
    const queue = new WorkQueue({
      lanes: 1,
      retryDelaysMs: [20],
      work: async (key) => {
        if (key === 'slow' && !failedOnce) {
          failedOnce = true;
          throw new Error('not yet');
        }
        done.push(key);
      },
    });
    queue.add('slow');
    queue.add('quick');
    await queue.whenIdle();
    expect(done).to.deep.equal(['quick', 'slow']);
  });

  it('brings a failed key back only after its backoff, even when it was queued again while it ran', async () => {
    let calls = 0;
    let release!: () => void;
    const queue = new WorkQueue({
      lanes: 1,
      retryDelaysMs: [60_000],
      work: async () => {
        calls++;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        throw new Error('down');
      },
    });
    queue.add('k');
    await settle();
    queue.add('k');
    release();
    await settle();
    expect(calls).to.equal(1);
    await queue.stop();
  });

  it('on stop, waits for the work running, then starts nothing new and drops pending retries', async () => {
    const held = heldWork();
    const queue = new WorkQueue({ lanes: 1, retryDelaysMs: [60_000], work: held.work });
    queue.add('a');
    queue.add('b');
    await settle();
    let stopped = false;
    const stopping = queue.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped, 'waits for a').to.equal(false);
    held.finish('a');
    await stopping;
    queue.add('c');
    await settle();
    expect(held.started).to.deep.equal(['a']);
    await queue.whenIdle();
  });
});
