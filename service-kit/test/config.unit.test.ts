import { expect } from 'chai';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration: the public address', () => {
  it('defaults to http://localhost:{PORT}', () => {
    expect(loadConfig({ PORT: '9090' }).publicUrl).to.equal('http://localhost:9090');
    expect(loadConfig({}).publicUrl).to.equal('http://localhost:8080');
  });

  it('takes PUBLIC_URL without its trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://stays.example.in/' }).publicUrl).to.equal('https://stays.example.in');
    expect(loadConfig({ PUBLIC_URL: 'https://example.in/stays' }).publicUrl).to.equal('https://example.in/stays');
  });

  it('refuses an address that is not plain http(s), naming the variable', () => {
    for (const bad of ['stays.example.in', 'ftp://stays.example.in', 'https://stays.example.in/?a=1', 'https://stays.example.in/#top', 'javascript:alert(1)']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).to.throw(ConfigError, /PUBLIC_URL/);
    }
  });
});

describe('configuration: the personal data master key', () => {
  it('takes PERSONAL_DATA_KEY as base64 of 32 bytes, and leaves it unset when empty', () => {
    const key = Buffer.alloc(32, 9);
    expect(loadConfig({ PERSONAL_DATA_KEY: key.toString('base64') }).personalDataKey).to.deep.equal(key);
    expect(loadConfig({ PERSONAL_DATA_KEY: '' }).personalDataKey).to.equal(undefined);
  });

  it('refuses a key of another length or not in base64, naming the variable', () => {
    for (const bad of [Buffer.alloc(16).toString('base64'), Buffer.alloc(33).toString('base64'), 'not base64 at all!']) {
      expect(() => loadConfig({ PERSONAL_DATA_KEY: bad }), bad).to.throw(ConfigError, /PERSONAL_DATA_KEY: must be base64 of 32 bytes/);
    }
  });
});

describe('configuration: the image line', () => {
  it("leaves the line to the command service's defaults unless IMAGE_WORK_CONCURRENCY or IMAGE_WORK_QUEUE is set", () => {
    expect(loadConfig({}).imageLine).to.deep.equal({});
    expect(loadConfig({ IMAGE_WORK_CONCURRENCY: '', IMAGE_WORK_QUEUE: '' }).imageLine).to.deep.equal({});
    expect(loadConfig({ IMAGE_WORK_CONCURRENCY: '2', IMAGE_WORK_QUEUE: '0' }).imageLine).to.deep.equal({ concurrency: 2, maxWaiting: 0 });
  });

  it('refuses a line with no room to decode, or not a whole number, naming the variable', () => {
    expect(() => loadConfig({ IMAGE_WORK_CONCURRENCY: '0' })).to.throw(ConfigError, /IMAGE_WORK_CONCURRENCY/);
    expect(() => loadConfig({ IMAGE_WORK_QUEUE: '1.5' })).to.throw(ConfigError, /IMAGE_WORK_QUEUE/);
    expect(() => loadConfig({ IMAGE_WORK_QUEUE: 'many' })).to.throw(ConfigError, /IMAGE_WORK_QUEUE/);
  });
});

describe('configuration: the bound on heap growth', () => {
  it('bounds the heap to 30 % over what is live unless HEAP_GROWTH_PERCENT says otherwise; 0 leaves it to V8', () => {
    expect(loadConfig({}).heapGrowthPercent).to.equal(30);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).to.equal(0);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '100' }).heapGrowthPercent).to.equal(100);
  });

  it('refuses a negative, fractional, too large or non-numeric percentage, naming the variable', () => {
    for (const bad of ['-1', '1.5', '401', 'forty']) {
      expect(() => loadConfig({ HEAP_GROWTH_PERCENT: bad }), bad).to.throw(ConfigError, /HEAP_GROWTH_PERCENT/);
    }
  });
});
