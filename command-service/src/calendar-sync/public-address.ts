/**
 * Which addresses calendar sync may fetch from: only public ones. An owner types the feed's
 * URL, so without this check the server would fetch whatever they point it at: its own
 * loopback services, the cloud's metadata address (169.254.169.254), the private network.
 * The check is made on the address actually connected to (see safe-lookup in fetch-feed.ts),
 * not on the name typed, so a name that resolves to a private address, or changes its answer
 * between a check and the connection (DNS rebinding), is refused the same.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

const forbidden = new BlockList();
// IPv4: "this network" and unspecified, private (RFC 1918), shared CGNAT (RFC 6598), loopback,
// link-local (cloud metadata), IETF protocol assignments, benchmarking, multicast, reserved and broadcast
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  forbidden.addSubnet(network, prefix, 'ipv4');
// IPv6: unspecified, loopback, unique local (fc00::/7), link-local, site-local (deprecated), multicast
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  forbidden.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 address carries: IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) or NAT64 (64:ff9b::/96); else null. */
function embeddedIPv4(address: string): string | null {
  const words = expandIPv6(address);
  if (words === null) return null;
  const high = words.slice(0, 6);
  const mapped = high.slice(0, 5).every((word) => word === 0) && (high[5] === 0xffff || high[5] === 0);
  const nat64 = words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((word) => word === 0);
  if (!mapped && !nat64) return null;
  const [a, b] = [words[6] ?? 0, words[7] ?? 0];
  return `${a >> 8}.${a & 0xff}.${b >> 8}.${b & 0xff}`;
}

/** The eight 16-bit words of an IPv6 address (a dotted IPv4 tail read as two words), or null. */
function expandIPv6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1] !== undefined) {
    const bytes = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const [head, tail, ...rest] = text.split('::');
  if (rest.length > 0 || head === undefined) return null;
  const part = (words: string) => (words === '' ? [] : words.split(':').map((word) => parseInt(word, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const words = [...left, ...Array<number>(missing).fill(0), ...right];
  return words.every((word) => Number.isInteger(word) && word >= 0 && word <= 0xffff) ? words : null;
}

/** True for an address calendar sync must not connect to (and for anything that is not an IP address). */
export function isForbiddenAddress(address: string): boolean {
  if (isIPv4(address)) return forbidden.check(address, 'ipv4');
  if (!isIPv6(address)) return true;
  const ipv4 = embeddedIPv4(address);
  if (ipv4 !== null) return forbidden.check(ipv4, 'ipv4');
  return forbidden.check(address.split('%')[0] ?? address, 'ipv6');
}
