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
