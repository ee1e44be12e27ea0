/**
 * Which addresses calendar sync may fetch from: only public ones. An owner types the feed's
 * URL, so without this check the server would fetch whatever they point it at: its own
 * loopback services, the cloud's metadata address (169.254.169.254), the private network.
 * The check is made on the address actually connected to (see safe-lookup in fetch-feed.ts),
 * not on the name typed, so a name that resolves to a private address, or changes its answer
 * between a check and the connection (DNS rebinding), is refused the same.
 *
 * Public is what ipaddr.js calls unicast: every range it names is refused (private, carrier-grade
 * NAT, loopback, link-local, unique local, multicast, broadcast, reserved, documentation and
 * benchmarking ranges, 6to4, Teredo, IPv4-translated). An IPv6 address carrying an IPv4 one is
 * judged by that one: IPv4-mapped, NAT64's well-known prefix (what DNS64 gives an IPv6-only server
 * for an IPv4-only site) and the deprecated IPv4-compatible ::/96, whose dotted form ipaddr.js
 * reads as IPv4-mapped anyway (so `::1` is judged as 0.0.0.1 and refused).
 */
import ipaddr from 'ipaddr.js';

/** NAT64's well-known prefix and IPv4-compatible addresses: the last 32 bits are an IPv4 address. */
const carryingIPv4 = [ipaddr.parseCIDR('64:ff9b::/96'), ipaddr.parseCIDR('::/96')];

/** The address whose range decides: the IPv4 address an IPv6 one carries, else the address itself. */
function judged(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  // process: an IPv4-mapped address as the IPv4 address it maps
  const parsed = ipaddr.process(address);
  if (!(parsed instanceof ipaddr.IPv6) || !carryingIPv4.some((range) => parsed.match(range))) return parsed;
  return ipaddr.fromByteArray(parsed.toByteArray().slice(12));
}

/** True for an address calendar sync must not connect to (and for anything that is not an IP address in its usual form). */
export function isForbiddenAddress(address: string): boolean {
  // not ipaddr.isValid: it also takes 127.1, 0x7f000001 and 2130706433 for 127.0.0.1, which no resolver answers
  if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)) return true;
  return judged(address).range() !== 'unicast';
}
