/** The addresses calendar sync refuses to connect to: every non-public range, in IPv4, IPv6 and IPv4-mapped IPv6. */
import { expect } from 'chai';
import { isForbiddenAddress } from '../../src/calendar-sync/public-address.ts';

describe('public addresses for calendar sync', () => {
  const refused: [string, string][] = [
    ['loopback', '127.0.0.1'],
    ['loopback, anywhere in 127/8', '127.255.0.9'],
    ['private 10/8', '10.20.30.40'],
    ['private 172.16/12', '172.31.255.255'],
    ['private 192.168/16', '192.168.0.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['CGNAT 100.64/10', '100.127.0.1'],
    ['multicast', '239.1.2.3'],
    ['unspecified', '0.0.0.0'],
    ['"this network"', '0.1.2.3'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 unspecified', '::'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unique local', 'fd12:3456:789a::1'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 link-local with a zone', 'fe80::1%eth0'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv4-mapped loopback, dotted', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, hex', '::ffff:7f00:1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
    ['NAT64 of a private address', '64:ff9b::10.0.0.1'],
    ['not an address at all', 'localhost'],
  ];
  for (const [what, address] of refused) it(`refuses ${what} (${address})`, () => expect(isForbiddenAddress(address)).to.equal(true));

  const allowed: [string, string][] = [
    ['a public IPv4 address', '151.101.1.69'],
    ['just past 172.16/12', '172.32.0.1'],
    ['just past CGNAT', '100.128.0.1'],
    ['a public IPv6 address', '2a04:4e42::645'],
    ['an IPv4-mapped public address', '::ffff:151.101.1.69'],
  ];
  for (const [what, address] of allowed) it(`allows ${what} (${address})`, () => expect(isForbiddenAddress(address)).to.equal(false));
});
