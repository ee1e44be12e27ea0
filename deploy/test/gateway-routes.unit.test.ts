/**
 * The gateway sends API calls to a service by method (an nginx `map` on
 * `$request_method`: reads to the query side), except the paths it names in a regex
 * location of their own (reads the command side answers). That is right only while the
 * route table keeps its invariant: every query-side route is a read (GET, and the HEAD
 * koa-router answers with it), and every command-side route is not a read or has its own
 * location. Checked here against the table itself, entry by entry.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { API_PREFIX_DEFAULT, routes, type RouteSpec } from '@stays/contracts';

const root = path.resolve(import.meta.dirname, '../..');
const gatewayConf = readFileSync(path.join(root, 'deploy/gateway.nginx.conf'), 'utf8');

interface Gateway {
  /** The upstream nginx picks for a request under the API prefix. */
  upstreamFor(method: string, path: string): string;
  /** upstream name → the compose service it proxies to. */
  readonly services: ReadonlyMap<string, string>;
}

function parseGateway(conf: string): Gateway {
  const location = new RegExp(`location ${API_PREFIX_DEFAULT}/ \\{([^}]*)\\}`).exec(conf);
  if (location === null) throw new Error(`the gateway has no location for ${API_PREFIX_DEFAULT}/`);
  const variable = /proxy_pass http:\/\/\$(\w+);/.exec(location[1]!)?.[1];
  if (variable === undefined) throw new Error('the API location does not proxy to a mapped upstream');
  const map = new RegExp(`map \\$request_method \\$${variable} \\{([^}]*)\\}`).exec(conf);
  if (map === null) throw new Error(`the gateway has no map from $request_method to $${variable}`);
  const byMethod = new Map([...map[1]!.matchAll(/^\s*(\S+)\s+(\S+);/gm)].map(([, key, value]) => [key!, value!]));
  const services = new Map([...conf.matchAll(/upstream (\w+)\s*\{\s*server ([\w-]+):\d+;\s*\}/g)].map(([, name, host]) => [name!, host!]));
  // nginx tries regex locations before the prefix location; `~*` is case-insensitive
  const byPath = [...conf.matchAll(/location (~\*?) (\S+) \{([^}]*)\}/g)].map(([, kind, pattern, body]) => {
    const upstream = /proxy_pass http:\/\/(\w+);/.exec(body!)?.[1];
    if (upstream === undefined) throw new Error(`the location ${pattern} does not proxy to a named upstream`);
    return { pattern: new RegExp(pattern!, kind === '~*' ? 'i' : ''), upstream };
  });
  return {
    upstreamFor: (method, requestPath) =>
      byPath.find((location) => location.pattern.test(requestPath))?.upstream ?? byMethod.get(method) ?? byMethod.get('default')!,
    services,
  };
}

/** Every way the table and the gateway disagree, one line per route that breaks the invariant. */
function mismatches(table: Record<string, RouteSpec>, gateway: Gateway): string[] {
  const problems: string[] = [];
  for (const [name, route] of Object.entries(table)) {
    const isRead = route.method === 'GET';
    if (route.side === 'query' && !isRead) problems.push(`${name} (${route.method} ${route.path}) is on the query side but is not a GET`);
    const requestPath = `${API_PREFIX_DEFAULT}${route.path.replace(/:[A-Za-z]+/g, 'ID-1')}`;
    for (const method of isRead ? ['GET', 'HEAD'] : [route.method]) {
      const service = gateway.services.get(gateway.upstreamFor(method, requestPath));
      if (service !== `${route.side}-service`)
        problems.push(`${name} (${method} ${route.path}) belongs to the ${route.side} service, but the gateway sends ${method} to ${service}`);
    }
  }
  return problems;
}

describe('the gateway and the route table', () => {
  const gateway = parseGateway(gatewayConf);

  it('sends every route of the table to the service of its side', () => {
    expect(mismatches(routes, gateway)).to.deep.equal([]);
  });

  it("sends the command side's reads to it by path, in any case and with a trailing slash, other methods too", () => {
    for (const requestPath of [`${API_PREFIX_DEFAULT}${routes.customerExport.path}`, `${API_PREFIX_DEFAULT}/Hotel/Owner/Export/`]) {
      for (const method of ['GET', 'HEAD', 'POST'])
        expect(gateway.services.get(gateway.upstreamFor(method, requestPath)), `${method} ${requestPath}`).to.equal('command-service');
    }
    expect(gateway.services.get(gateway.upstreamFor('GET', `${API_PREFIX_DEFAULT}/user/export/more`))).to.equal('query-service');
  });

  it('names a route that breaks the invariant (a command behind a GET without its own location, a query behind a POST)', () => {
    const broken: Record<string, RouteSpec> = {
      ...routes,
      exportBookings: { method: 'GET', path: '/hotel/owner/bookings/export', side: 'command', auth: 'hotel-owner', body: { kind: 'none' } },
      searchByPost: { method: 'POST', path: '/hotel/data/search', side: 'query', auth: 'none', body: { kind: 'json' } },
    };
    const problems = mismatches(broken, gateway);
    expect(problems.some((line) => line.startsWith('exportBookings (GET /hotel/owner/bookings/export) belongs to the command service'))).to.equal(true);
    expect(problems.some((line) => line.startsWith('exportBookings (HEAD /hotel/owner/bookings/export) belongs to the command service'))).to.equal(true);
    expect(problems.some((line) => line.startsWith('searchByPost (POST /hotel/data/search) is on the query side'))).to.equal(true);
    expect(problems.filter((line) => !line.startsWith('exportBookings') && !line.startsWith('searchByPost'))).to.deep.equal([]);
  });
});
