import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { encodeJson, encodedSize, identityOf } from '@stays/service-kit';
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
    const pending = Array.from({ length: 10 }, () => cache.get('/search?q=a', '1@7', compute));
    release();
    const bodies = await Promise.all(pending);
    expect(computed).to.equal(1);
    expect(responseCacheCounts).to.include({ hits: before.hits + 9, misses: before.misses + 1, kept: before.kept + 1 });
    for (const body of bodies) expect(identityOf(body).toString()).to.equal(answer('a'));
    expect(gunzipSync(bodies[0]!.gzip!).toString()).to.equal(answer('a'));
    await cache.get('/search?q=a', '1@7', compute);
    expect(computed).to.equal(1);
    expect(responseCacheCounts, 'an answer kept is a hit too').to.include({ hits: before.hits + 10, misses: before.misses + 1 });
  });

  it('recomputes when the read model has moved on, or another of its versions went live', async () => {
    const cache = new ResponseCache();
    let computed = 0;
    const compute = async () => answer(String(++computed));
    expect(identityOf(await cache.get('k', '1@1', compute)).toString()).to.equal(answer('1'));
    expect(identityOf(await cache.get('k', '1@2', compute)).toString()).to.equal(answer('2'));
    expect(identityOf(await cache.get('k', '1@2', compute)).toString()).to.equal(answer('2'));
    expect(identityOf(await cache.get('k', '2@2', compute)).toString()).to.equal(answer('3'));
  });

  it('keeps no refusal: a failed computation is tried again by the next request', async () => {
    const cache = new ResponseCache();
    let calls = 0;
    const failing = async (): Promise<string> => {
      calls++;
      throw new Error('bad input');
    };
    for (let i = 0; i < 2; i++) {
      const error = await cache.get('k', '1@1', failing).catch((caught: unknown) => caught);
      expect(error).to.be.instanceOf(Error);
    }
    expect(calls).to.equal(2);
    expect(identityOf(await cache.get('k', '1@1', async () => answer('ok'))).toString()).to.equal(answer('ok'));
  });

  it('stays within its byte bound, dropping the least recently used answers first', async () => {
    const one = encodedSize(encodeJson(answer('x'))) + '1@1|a'.length; // every answer here, with its key and version, takes this much
    const cache = new ResponseCache(one * 2);
    let computed = 0;
    const compute = (text: string) => async () => {
      computed++;
      return answer(text);
    };
    await cache.get('a', '1@1', compute('a'));
    await cache.get('b', '1@1', compute('b'));
    await cache.get('a', '1@1', compute('a')); // a is now the most recently used
    await cache.get('c', '1@1', compute('c')); // b goes
    expect(computed).to.equal(3);
    await cache.get('a', '1@1', compute('a'));
    expect(computed).to.equal(3);
    await cache.get('b', '1@1', compute('b'));
    expect(computed).to.equal(4);
  });

  it('does not keep an answer larger than the whole bound', async () => {
    const cache = new ResponseCache(10);
    let computed = 0;
    const compute = async () => answer(String(++computed));
    await cache.get('k', '1@1', compute);
    await cache.get('k', '1@1', compute);
    expect(computed).to.equal(2);
  });

  it('keeps answers gzipped only, so its bound holds as many as their compressed bytes allow, and counts what it keeps', async () => {
    const keys = Array.from({ length: 10 }, (_, n) => `k${n}`);
    const sizes = keys.map((key) => gzipSync(answer(key)).length + `1@1|${key}`.length); // an answer's bytes and its key's, with the version
    const bound = sizes.reduce((sum, size) => sum + size, 0);
    const cache = new ResponseCache(bound);
    let computed = 0;
    const before = { ...responseCacheCounts };
    for (const key of keys) {
      await cache.get(key, '1@1', async () => {
        computed++;
        return answer(key);
      });
    }
    for (const key of keys) expect(identityOf(await cache.get(key, '1@1', async () => answer('recomputed'))).toString()).to.equal(answer(key));
    expect(computed).to.equal(10);
    expect(responseCacheCounts.kept - before.kept).to.equal(10);
    expect(responseCacheCounts.keptBytes - before.keptBytes).to.equal(bound);
    await cache.get('k10', '1@1', async () => answer('k10')); // one more: the least recently used go
    expect(responseCacheCounts.kept - before.kept).to.be.below(10);
    expect(responseCacheCounts.keptBytes - before.keptBytes, 'what went is counted out').to.be.at.most(bound);
  });

  it('keeps answers of megabytes by default', async () => {
    const cache = new ResponseCache();
    const large = JSON.stringify({ text: randomBytes(1024 * 1024).toString('base64') }); // gzip keeps about 1 MB of it
    let computed = 0;
    for (let i = 0; i < 2; i++) {
      await cache.get('large', '1@1', async () => {
        computed++;
        return large;
      });
    }
    expect(computed).to.equal(1);
  });
});
