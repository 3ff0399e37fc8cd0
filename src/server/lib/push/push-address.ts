import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a push endpoint may be sent (SSRF): only to public addresses. A push endpoint is a URL the member's browser
 * gave us, so its host may be any name, including one that resolves into our own network (127.0.0.1, the cloud's
 * metadata service at 169.254.169.254, a private 10.x service) or that answers differently between a check and the
 * connection (DNS rebinding). The check therefore runs inside the connection's own DNS lookup (`checkedLookup`, the
 * https agent's `lookup`): the address that was checked is the address that is connected to.
 */

/** IPv4 ranges that are not the public internet (RFC 6890 and the cloud metadata addresses in them). */
const PRIVATE_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (Alibaba's metadata service is 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (AWS, GCP, Azure, Oracle metadata: 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** IPv6 ranges that are not the public internet. IPv4 inside IPv6 is unwrapped first (embeddedIPv4). */
const PRIVATE_V6: readonly (readonly [string, number])[] = [
  ['::', 96], // unspecified, loopback, IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo (the IPv4 inside is obfuscated)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local (AWS's IPv6 metadata service is fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const BLOCKED = new BlockList();
for (const [net, prefix] of PRIVATE_V4) BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of PRIVATE_V6) BLOCKED.addSubnet(net, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (with a dotted IPv4 tail, `::ffff:1.2.3.4`, too). */
function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/%.*$/, ''); // a zone id (fe80::1%eth0)
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const b = dotted.split('.').map(Number);
    text = `${text.slice(0, -dotted.length)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const [head, tail, more] = text.split('::');
  if (more !== undefined) return null;
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [];
  const front = parse(head);
  const back = parse(tail);
  const fill = tail === undefined ? 0 : 8 - front.length - back.length;
  const groups = [...front, ...new Array<number>(Math.max(0, fill)).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/**
 * The IPv4 address an IPv6 address carries, where it is routed to that IPv4 address: IPv4-mapped (::ffff:a.b.c.d),
 * NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
 */
export function embeddedIPv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return v4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return null;
}

/** Whether an address is outside the public internet (or not an address at all). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const inner = embeddedIPv4(address);
  if (inner !== null) return BLOCKED.check(inner, 'ipv4');
  const groups = ipv6Groups(address);
  return groups === null || BLOCKED.check(address.replace(/%.*$/, ''), 'ipv6');
}

/** A push endpoint's host resolves (or is) an address outside the public internet: it is never connected to. */
export class PushAddressRefused extends Error {
  readonly code = 'EPUSHADDRESS';
  constructor(host: string) {
    super(`push endpoint ${host} resolves to a private address (outside the public internet)`);
    this.name = 'PushAddressRefused';
  }
}

/** Resolves a host name to all its addresses (dns.lookup by default; tests pass a fake). */
export type Resolver = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for an https agent: resolves the host, refuses it when any answer is not public (a name with one
 * private answer is not a push service), and hands the connection exactly the checked addresses. Node calls it
 * with `all: true` (to try the addresses in turn) or for one address.
 */
export function checkedLookup(resolve: Resolver = systemResolver) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (found) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const answers = found.filter((a) => family === 0 || a.family === family);
        if (found.length === 0 || found.some((a) => isPrivateAddress(a.address)))
          return callback(new PushAddressRefused(hostname), '');
        if (answers.length === 0)
          return callback(
            Object.assign(new Error(`no IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' }),
            '',
          );
        if ((options as LookupAllOptions).all)
          return callback(
            null,
            answers.map((a) => ({ ...a })),
          );
        return callback(null, answers[0]!.address, answers[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}
