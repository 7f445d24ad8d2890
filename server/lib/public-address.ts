/**
 * Which resolved addresses the guarded page reader (page-fetch.ts) may connect to: the decision it
 * makes after DNS, for every address a name answers and for literal IP hosts. Kept apart from the
 * fetching so the ranges can be read, and tested, as one table.
 */
import net from "node:net";

/** A CIDR block over one address family, as bigint bounds. */
interface Block {
  base: bigint;
  bits: number;
  total: number;
  name: string;
}

function block(text: string, name: string): Block {
  const [addr, len] = text.split("/");
  const v4 = net.isIPv4(addr);
  const total = v4 ? 32 : 128;
  const value = v4 ? BigInt(ipv4ToNumber(addr)) : ipv6ToBigInt(addr)!;
  return { base: value, bits: Number(len), total, name };
}

function inBlock(value: bigint, b: Block): boolean {
  const shift = BigInt(b.total - b.bits);
  return value >> shift === b.base >> shift;
}

/** Non-public IPv4 (IANA special-purpose registry, the parts that must never be fetched). */
const IPV4_BLOCKED: Block[] = [
  block("0.0.0.0/8", "this network"),
  block("10.0.0.0/8", "private"),
  block("100.64.0.0/10", "shared address space (CGNAT)"),
  block("127.0.0.0/8", "loopback"),
  block("169.254.0.0/16", "link-local"),
  block("172.16.0.0/12", "private"),
  block("192.0.0.0/24", "IETF protocol assignments"),
  block("192.0.2.0/24", "documentation"),
  block("192.168.0.0/16", "private"),
  block("198.18.0.0/15", "benchmarking"),
  block("198.51.100.0/24", "documentation"),
  block("203.0.113.0/24", "documentation"),
  block("224.0.0.0/4", "multicast"),
  block("240.0.0.0/4", "reserved"),
  block("255.255.255.255/32", "broadcast"),
];

const V4_LOOPBACK = block("127.0.0.0/8", "loopback");

/** IPv6 blocks that embed an IPv4 address in their low 32 bits: judged by that address. */
const IPV6_EMBEDDING_V4: Block[] = [block("::ffff:0:0/96", "IPv4-mapped"), block("64:ff9b::/96", "NAT64")];

const IPV6_BLOCKED: Block[] = [
  block("::/128", "unspecified"),
  block("::1/128", "loopback"),
  // Deprecated IPv4-compatible addresses (::a.b.c.d): nothing public uses them any more.
  block("::/96", "IPv4-compatible"),
  block("64:ff9b:1::/48", "local-use NAT64"),
  block("100::/64", "discard-only"),
  block("2001::/23", "IETF protocol assignments (Teredo, benchmarking …)"),
  block("2001:db8::/32", "documentation"),
  block("fc00::/7", "unique local"),
  block("fe80::/10", "link-local"),
  block("fec0::/10", "site-local (deprecated)"),
  block("ff00::/8", "multicast"),
];

const V6_LOOPBACK = block("::1/128", "loopback");
const V6_GLOBAL_UNICAST = block("2000::/3", "global unicast");
const V6_6TO4 = block("2002::/16", "6to4");

function ipv4ToNumber(address: string): number {
  return address.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

/** Parses an IPv6 address (no zone id) into 128 bits; undefined when it is not one. */
export function ipv6ToBigInt(address: string): bigint | undefined {
  if (!net.isIPv6(address) || address.includes("%")) return undefined;
  let text = address.toLowerCase();
  // A trailing dotted IPv4 (::ffff:1.2.3.4) stands for the last two groups.
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    const n = ipv4ToNumber(tail);
    text = `${text.slice(0, lastColon + 1)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, rest] = text.split("::");
  const headGroups = head ? head.split(":") : [];
  const restGroups = rest === undefined ? [] : rest ? rest.split(":") : [];
  const missing = 8 - headGroups.length - restGroups.length;
  const groups =
    rest === undefined ? headGroups : [...headGroups, ...Array(missing).fill("0"), ...restGroups];
  if (groups.length !== 8) return undefined;
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

export interface AddressVerdict {
  /** May be fetched. */
  allowed: boolean;
  /** Why not (the range's name), for logs and tests. */
  reason?: string;
}

function classifyV4(n: number, allowLoopback: boolean): AddressVerdict {
  const value = BigInt(n);
  if (allowLoopback && inBlock(value, V4_LOOPBACK)) return { allowed: true };
  const hit = IPV4_BLOCKED.find((b) => inBlock(value, b));
  return hit ? { allowed: false, reason: hit.name } : { allowed: true };
}

/**
 * Is this resolved address public (fetchable)? IPv4 outside the special-purpose ranges; IPv6 only
 * inside global unicast 2000::/3 minus its special parts, or an IPv4-mapped / NAT64 / 6to4 address
 * whose embedded IPv4 is public. `allowLoopbackForTests` admits 127.0.0.0/8 and ::1, nothing else.
 * Anything that does not parse is refused.
 */
export function classifyAddress(
  address: string,
  opts: { allowLoopbackForTests?: boolean } = {},
): AddressVerdict {
  const allowLoopback = !!opts.allowLoopbackForTests;
  if (net.isIPv4(address)) return classifyV4(ipv4ToNumber(address), allowLoopback);
  const value = ipv6ToBigInt(address);
  if (value === undefined) return { allowed: false, reason: "not an IP address" };
  if (allowLoopback && value === V6_LOOPBACK.base) return { allowed: true };
  const embedding = IPV6_EMBEDDING_V4.find((b) => inBlock(value, b));
  if (embedding) {
    // Loopback through a mapped address is not what the test allowance is for: judge it strictly.
    const inner = classifyV4(Number(value & 0xffffffffn), false);
    return inner.allowed ? inner : { allowed: false, reason: `${embedding.name} ${inner.reason}` };
  }
  const hit = IPV6_BLOCKED.find((b) => inBlock(value, b));
  if (hit) return { allowed: false, reason: hit.name };
  if (!inBlock(value, V6_GLOBAL_UNICAST)) return { allowed: false, reason: "not global unicast" };
  if (inBlock(value, V6_6TO4)) {
    const inner = classifyV4(Number((value >> 80n) & 0xffffffffn), false);
    return inner.allowed ? inner : { allowed: false, reason: `6to4 ${inner.reason}` };
  }
  return { allowed: true };
}

/** Shorthand for `classifyAddress(address, opts).allowed`. */
export function isPublicAddress(address: string, opts: { allowLoopbackForTests?: boolean } = {}): boolean {
  return classifyAddress(address, opts).allowed;
}
