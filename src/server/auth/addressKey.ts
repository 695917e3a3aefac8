import { isIP } from 'node:net';

/**
 * The key an address is throttled by. An IPv6 host is normally given a whole /64 (SLAAC, privacy
 * addresses) and may pick any address in it, so counting addresses one by one would give it 2^64
 * fresh allowances: IPv6 addresses are counted by their /64 instead. An IPv4-mapped address
 * (`::ffff:a.b.c.d`, what a dual-stack socket reports for an IPv4 client) is that IPv4 address.
 * Anything that is not an address is its own key.
 */
export function throttleKeyOfAddress(address: string): string {
  const withoutZone = address.replace(/%.*$/, '');
  if (isIP(withoutZone) !== 6) return address;
  const groups = ipv6Groups(withoutZone);
  const mappedIpv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mappedIpv4) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail split). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [parseInt(piece, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - before.length - after.length).fill(0);
  return [...before, ...zeros, ...after];
}
