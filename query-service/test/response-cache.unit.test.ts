import { expect } from 'chai';
import { gunzipSync } from 'node:zlib';
import { encodeJson, encodedSize } from '@stays/service-kit';
import { ResponseCache, responseCacheCounts } from '../src/hotels/response-cache.ts';

describe('the hotel read answer cache', () => {
  const answer = (text: string) => JSON.stringify({ text: text.repeat(500) }); // compressible, as real answers are

  it('computes a missing answer once for many concurrent requests, and serves its bytes gzipped too', async () => {
    const cache = new ResponseCache();
    let computed = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const compute = async () => {
      computed++;
      await gate;
      return answer('a');
    };
    const before = { ...responseCacheCounts };
    const pending = Array.from({ length: 10 }, () => cache.get('/search?q=a', 7, compute));
    release();
    const bodies = await Promise.all(pending);
    expect(computed).to.equal(1);
    expect(responseCacheCounts).to.deep.equal({ hits: before.hits + 9, misses: before.misses + 1 });
    for (const body of bodies) expect(body.identity.toString()).to.equal(answer('a'));
    expect(gunzipSync(bodies[0]!.gzip!).toString()).to.equal(answer('a'));
    await cache.get('/search?q=a', 7, compute);
    expect(computed).to.equal(1);
  });

  it('recomputes when the read model has moved on', async () => {
    const cache = new ResponseCache();
    let computed = 0;
    const compute = async () => answer(String(++computed));
    expect((await cache.get('k', 1, compute)).identity.toString()).to.equal(answer('1'));
    expect((await cache.get('k', 2, compute)).identity.toString()).to.equal(answer('2'));
    expect((await cache.get('k', 2, compute)).identity.toString()).to.equal(answer('2'));
  });

  it('keeps no refusal: a failed computation is tried again by the next request', async () => {
    const cache = new ResponseCache();
    let calls = 0;
    const failing = async (): Promise<string> => {
      calls++;
      throw new Error('bad input');
    };
    for (let i = 0; i < 2; i++) {
      const error = await cache.get('k', 1, failing).catch((caught: unknown) => caught);
      expect(error).to.be.instanceOf(Error);
    }
    expect(calls).to.equal(2);
    expect((await cache.get('k', 1, async () => answer('ok'))).identity.toString()).to.equal(answer('ok'));
  });

  it('stays within its byte bound, dropping the least recently used answers first', async () => {
    const one = encodedSize(encodeJson(answer('x'))); // every answer here has this size
    const cache = new ResponseCache(one * 2);
    let computed = 0;
    const compute = (text: string) => async () => {
      computed++;
      return answer(text);
    };
    await cache.get('a', 1, compute('a'));
    await cache.get('b', 1, compute('b'));
    await cache.get('a', 1, compute('a')); // a is now the most recently used
    await cache.get('c', 1, compute('c')); // b goes
    expect(computed).to.equal(3);
    await cache.get('a', 1, compute('a'));
    expect(computed).to.equal(3);
    await cache.get('b', 1, compute('b'));
    expect(computed).to.equal(4);
  });

  it('does not keep an answer larger than the whole bound', async () => {
    const cache = new ResponseCache(10);
    let computed = 0;
    const compute = async () => answer(String(++computed));
    await cache.get('k', 1, compute);
    await cache.get('k', 1, compute);
    expect(computed).to.equal(2);
  });
});
