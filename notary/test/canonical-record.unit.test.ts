import { expect } from 'chai';
import canonicalize from 'canonicalize';
import { canonicalRecord, type RecordedEvent } from '@stays/event-store';
import { leafHash } from '../src/index.ts';
import { jcs, leafHashOf } from './support/rfc9162-verifier.ts';

const record = (data: Record<string, unknown>, metadata: Record<string, unknown> = { schemaVersion: 1 }): RecordedEvent => ({
  id: 'f3a1c2d4-0000-4000-8000-000000000001',
  streamId: 'booking-BK-1',
  type: 'BookingPlaced',
  revision: 2,
  position: 41,
  data,
  metadata,
  recordedAt: '2026-11-22T10:00:00.000Z',
});
const envelope = (data: string, metadata = '{"schemaVersion":1}') =>
  `{"data":${data},"id":"f3a1c2d4-0000-4000-8000-000000000001","metadata":${metadata},"position":41,"recordedAt":"2026-11-22T10:00:00.000Z","revision":2,"streamId":"booking-BK-1","type":"BookingPlaced"}`;

describe('RFC 8785 of a stored record (canonicalRecord)', () => {
  it('sorts members by UTF-16 code units (RFC 8785 §3.2.3 example)', () => {
    const data = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      1: 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    expect(canonicalRecord(record(data))).to.equal(
      envelope(
        '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
      ),
    );
  });

  it('writes literals, numbers and strings as RFC 8785 §3.2.4 shows', () => {
    const data = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    expect(canonicalRecord(record(data))).to.equal(
      envelope('{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"\u20ac$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}'),
    );
  });

  it('writes numbers as RFC 8785 Appendix B lists them, and refuses NaN and Infinity', () => {
    const cases: [string, string][] = [
      ['0000000000000000', '0'],
      ['8000000000000000', '0'],
      ['0000000000000001', '5e-324'],
      ['8000000000000001', '-5e-324'],
      ['7fefffffffffffff', '1.7976931348623157e+308'],
      ['ffefffffffffffff', '-1.7976931348623157e+308'],
      ['4340000000000000', '9007199254740992'],
      ['c340000000000000', '-9007199254740992'],
      ['4430000000000000', '295147905179352830000'],
      ['44b52d02c7e14af5', '9.999999999999997e+22'],
      ['44b52d02c7e14af6', '1e+23'],
      ['44b52d02c7e14af7', '1.0000000000000001e+23'],
      ['444b1ae4d6e2ef4e', '999999999999999700000'],
      ['444b1ae4d6e2ef4f', '999999999999999900000'],
      ['444b1ae4d6e2ef50', '1e+21'],
      ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
      ['3eb0c6f7a0b5ed8d', '0.000001'],
      ['41b3de4355555553', '333333333.3333332'],
      ['41b3de4355555554', '333333333.33333325'],
      ['41b3de4355555555', '333333333.3333333'],
      ['41b3de4355555556', '333333333.3333334'],
      ['41b3de4355555557', '333333333.33333343'],
      ['becbf647612f3696', '-0.0000033333333333333333'],
      ['43143ff3c1cb0959', '1424953923781206.2'],
    ];
    for (const [bits, text] of cases) {
      const value = Buffer.from(bits, 'hex').readDoubleBE(0);
      expect(canonicalRecord(record({ value })), bits).to.equal(envelope(`{"value":${text}}`));
    }
    expect(() => canonicalRecord(record({ value: Number.NaN }))).to.throw();
    expect(() => canonicalRecord(record({ value: [Number.POSITIVE_INFINITY] }))).to.throw();
  });

  it('writes every UTF-16 code unit outside the surrogates as the RFC verifier does, alone and between others', () => {
    for (let first = 0; first < 0x10000; first += 0x800) {
      const data: Record<string, string> = {};
      for (let unit = first; unit < first + 0x800; unit++) {
        if (unit >= 0xd800 && unit <= 0xdfff) continue;
        const character = String.fromCharCode(unit);
        data[`u${unit}`] = character;
        data[`between${unit}`] = `a${character}z`;
      }
      const stored = record(data);
      expect(canonicalRecord(stored), `code units from ${first}`).to.equal(jcs(stored));
    }
  });

  it('refuses a lone surrogate, which has no UTF-8 form', () => {
    expect(() => canonicalRecord(record({ name: 'a\ud800b' }))).to.throw();
    expect(() => canonicalRecord(record({ '\udc00': 1 }))).to.throw();
  });

  it('gives the text of the RFC verifier and of the canonicalize package for records of every shape, and the same leaf hash', () => {
    const shapes: Record<string, unknown>[] = [
      {},
      { nested: { z: [], a: {}, m: [{ b: 1, a: [null, 'x', { y: true }] }] }, empty: '' },
      { bookingID: 'BK-1', nights: ['2026-12-01', '2026-12-02'], payableAmount: 8400, discount: 0.1, negative: -0, big: 1e21, small: 1e-7 },
      { escapes: 'tab\tnew\nline "quoted" back\\slash \u2028 \u0001 /', unicode: 'ünïcode ₹ 😀', keys: { é: 1, e: 2, E: 3, '': 4 } },
      { dropped: undefined, kept: null, list: [undefined, 1] },
      { when: new Date(Date.UTC(2026, 10, 22)), boxed: Object('text') as unknown, count: Object(3) as unknown },
    ];
    for (const data of shapes) {
      for (const metadata of [{ schemaVersion: 1 }, { actor: 'customer-1', correlationId: 'BK-1', contactStream: 'contact-ab', schemaVersion: 2 }]) {
        const stored = record(data, metadata);
        const text = canonicalRecord(stored);
        // the package and the verifier know JSON, as the log holds a record: the record after a JSON round trip
        const asLogged = JSON.parse(JSON.stringify(stored)) as RecordedEvent;
        expect(text, JSON.stringify(data)).to.equal(canonicalize(asLogged));
        expect(text).to.equal(jcs(asLogged));
        expect(leafHash(stored)).to.deep.equal(leafHashOf(asLogged));
      }
    }
  });
});
