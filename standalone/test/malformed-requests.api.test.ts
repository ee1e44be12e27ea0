/**
 * Every route of the table under malformed requests, drawn from a seed: path parameters,
 * query strings (repeated keys, brackets, broken percent-encoding), bodies (wrong types, huge
 * strings, operators, prototype keys, text that is not JSON, deep nesting), multipart forms
 * with files that are not images, a token of the wrong role now and then. Whatever is sent,
 * the answer is a status below 500 in the envelope (`{success:false, message, statusCode}`
 * for a refusal), or the documented 503 of Google sign-in while it is not configured; never
 * a 5xx, a dropped connection, or a line logged as a server error. Found by it: Node's bare
 * answer to an address over 16 KB, and then that answer lost on a kept-alive connection.
 */
import { expect } from 'chai';
import { messages, routes, type RouteSpec } from '@stays/contracts';
import { signedInCustomer, signedInOwner } from './support/accounts.ts';
import { hotelForm, pngImages, roomForm } from './support/fixtures.ts';
import { ApiClient } from './support/http-client.ts';
import { API, startTestSystem, type TestSystem } from './support/test-system.ts';
import { seeded } from './faults/campaign.ts';

const AUDITOR = { email: 'malformed.auditor@example.in', password: 'ledger-keeper-2024' };
const ROUNDS = 12;
const SEED = 20261127;

/** The field names of a zod object schema, through the wrappers a route's schema may have. */
function fieldsOf(schema: unknown): string[] {
  type Node = { shape?: Record<string, unknown>; _def?: { schema?: Node; innerType?: Node; in?: Node; left?: Node; options?: Node[] } };
  let node = schema as Node | undefined;
  for (let depth = 0; depth < 6 && node; depth++) {
    if (node.shape && typeof node.shape === 'object') return Object.keys(node.shape);
    node = node._def?.schema ?? node._def?.innerType ?? node._def?.in ?? node._def?.left ?? node._def?.options?.[0];
  }
  return [];
}

const encoded = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as broken UTF-8
  }
};

describe('every route under malformed requests (seeded)', function () {
  this.timeout(180_000);
  let stays: TestSystem;
  const serverErrors: string[] = [];
  const ids = { hotel: '', room: '' };
  const tokens: Partial<Record<RouteSpec['auth'], string>> = {};

  before(async () => {
    stays = await startTestSystem({
      env: { BOOTSTRAP_AUDITOR_EMAIL: AUDITOR.email, BOOTSTRAP_AUDITOR_PASSWORD: AUDITOR.password },
      overrides: { log: (line) => void (/error/i.test(line) && serverErrors.push(line.slice(0, 400))) },
    });
    const api = new ApiClient(stays.baseUrl);
    const owner = await signedInOwner(api);
    const guest = await signedInCustomer(api);
    tokens.customer = tokens.any = guest.token;
    tokens['hotel-owner'] = owner.token;
    tokens.auditor = (await api.post('/audit/login', AUDITOR)).body.data.accessToken;
    ids.hotel = (await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: await pngImages(5) }, { token: owner.token })).body.data._id;
    ids.room = (
      await api.multipart('POST', '/hotel/room/create/room', roomForm(ids.hotel), { imageURLs: await pngImages(1) }, { token: owner.token })
    ).body.data._id;
  });
  after(async () => stays?.destroy());

  it('answers each with a status below 500 in the envelope (or Google sign-in’s documented 503), never a crash', async () => {
    const random = seeded(SEED);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
    const texts = [
      ...['', ' ', 'a', 'x'.repeat(70_000), '-1', '0', '1e309', 'NaN', 'Infinity', 'true', 'null', '[]', '{}', '__proto__', 'constructor'],
      ...['2026-02-30', '9999-12-31', '0000-01-01', '../../etc/passwd', '\u0000', '\ud800', '😀'.repeat(50), '<script>alert(1)</script>', '$where'],
      ...[
        '{"$gt":""}',
        '%',
        '%ff',
        'BK-00000000',
        ids.hotel,
        ids.room,
        '2027-01-01T00:00:00.000Z',
        '9'.repeat(400),
        '1.5',
        '-0',
        ' 1 ',
        'Flat',
        '+919876543210',
      ],
    ];
    const values: unknown[] = [
      ...texts,
      -1,
      0,
      1.5,
      1e308,
      2 ** 53 + 1,
      true,
      false,
      null,
      [],
      {},
      [1, 2],
      { $gt: '' },
      { a: { b: { c: 1 } } },
      Array(5000).fill('x'),
    ];
    const param = (name: string) =>
      random() < 0.3 ? (/hotel/i.test(name) ? ids.hotel : /room/i.test(name) ? ids.room : 'BK-00000000') : encoded(pick(texts)).slice(0, 9000) || 'x';
    const query = (spec: RouteSpec) => {
      const keys = [...fieldsOf(spec.query), 'page', 'limit', 'x'];
      const parts = Array.from({ length: Math.floor(random() * 5) }, () => {
        const key = pick(keys);
        const value = encoded(String(pick(values)).slice(0, 5000));
        return pick([`${key}=${value}`, `${key}=${value}`, `${key}[]=${value}`, `${key}[a]=${value}`, `${key}=${value}&${key}=${value}`, `${key}=%ff`]);
      });
      return parts.length > 0 ? `?${parts.join('&')}` : '';
    };
    const body = (spec: RouteSpec): { body?: string | FormData; type?: string } => {
      if (spec.body.kind === 'none') return random() < 0.3 ? { body: '{"a":1}', type: 'application/json' } : {};
      if (random() < 0.1) {
        const raw = pick([
          '',
          'not json',
          '[]',
          '"s"',
          'null',
          '{"a":',
          `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
          '{"__proto__":{"x":1}}',
          '{"constructor":{"prototype":{"x":1}}}',
        ]);
        return { body: raw, type: pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) };
      }
      const fields: Record<string, unknown> = {};
      for (const field of fieldsOf(spec.body.schema)) if (random() < 0.7) fields[field] = pick(values);
      if (random() < 0.2) fields[pick(['__proto__', 'constructor', 'prototype', '$set', '_id'])] = pick(values);
      if (spec.body.kind !== 'multipart' || random() < 0.5) return { body: JSON.stringify(fields), type: 'application/json' };
      const form = new FormData();
      for (const [field, value] of Object.entries(fields)) form.append(field, typeof value === 'string' ? value : (JSON.stringify(value) ?? 'x'));
      if (random() < 0.3) {
        const file = new Blob([pick(['not an image', '\x89PNG\r\n\x1a\n garbage'])], { type: pick(['image/png', 'image/jpeg', 'text/plain']) });
        form.append(pick(['imageURLs', 'profileImage', 'other']), file, pick(['a.png', '../x.png', 'a'.repeat(300)]));
      }
      return { body: form };
    };

    const problems: string[] = [];
    let sent = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, spec] of Object.entries(routes) as [string, RouteSpec][]) {
        if (/Delete$|Logout$/.test(name)) continue; // the accounts stay for the next requests
        const address = `${API}${spec.path.replace(/:([A-Za-z]+)/g, (_, param_: string) => param(param_))}${pick(['', '', '', '/%ff', '%'])}`;
        const url = `${stays.baseUrl}${address}${spec.method === 'GET' || random() < 0.2 ? query(spec) : ''}`;
        const token = random() < 0.85 ? tokens[spec.auth] : pick(Object.values(tokens));
        const { body: payload, type } = spec.method === 'GET' ? {} : body(spec);
        const headers: Record<string, string> = { ...(token && { authorization: `Bearer ${token}` }), ...(type && { 'content-type': type }) };
        const loggedBefore = serverErrors.length;
        sent++;
        const said = `${name}: ${spec.method} ${url.slice(stays.baseUrl.length, stays.baseUrl.length + 160)}`;
        let status: number;
        let text: string;
        try {
          const answer = await fetch(url, { method: spec.method, headers, body: payload });
          status = answer.status;
          text = await answer.text();
        } catch (error) {
          problems.push(`${said} → no answer (${String((error as Error).cause ?? error)})`);
          continue;
        }
        if (serverErrors.length > loggedBefore) problems.push(`${said} → logged ${serverErrors.slice(loggedBefore).join(' | ')}`);
        if (status < 400) continue;
        let envelope: { success?: unknown; message?: unknown; statusCode?: unknown } = {};
        try {
          envelope = JSON.parse(text) as typeof envelope;
        } catch {
          // not JSON: reported below
        }
        const refusal = envelope.success === false && typeof envelope.message === 'string' && envelope.statusCode === status;
        const googleNotConfigured = status === 503 && envelope.message === messages.server.googleNotConfigured;
        if (!refusal || (status >= 500 && !googleNotConfigured)) problems.push(`${said} → ${status} ${text.slice(0, 160)}`);
      }
    }
    expect(problems, `${problems.length} of ${sent} requests`).to.deep.equal([]);
    expect(sent).to.be.above(200);
  });
});
