import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where the store may send a customer's webhook. In production: https only, and never to an address
 * inside a private, loopback, link-local or otherwise reserved range (SSRF: a customer must not make the
 * store call its own network). Outside production loopback and plain http are allowed, so tests and
 * local development can receive on 127.0.0.1.
 */
export interface WebhookPolicy {
  production: boolean;
}

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** An IPv6 address as its eight 16-bit groups (a trailing dotted quad included), or null. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (p: string) => (p ? p.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 address an IPv6 one carries and routes to: IPv4-mapped (::ffff:0:0/96), IPv4-compatible
 * (::/96) and 6to4 (2002::/16). Judged as that IPv4 address, so none of them is a way around the list.
 */
function embeddedIPv4(groups: number[]): string | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return v4(groups[6]!, groups[7]!);
  if (zeros(0, 6) && (groups[6]! > 0 || groups[7]! > 1)) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return null;
}

/**
 * An address no webhook may reach in production. IPv6 addresses that carry an IPv4 one are judged as
 * it; tunnels whose far end cannot be judged here (Teredo, NAT64) are refused whole.
 */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const inner = embeddedIPv4(groups);
  if (inner) return BLOCKED.check(inner, 'ipv4');
  return BLOCKED.check(address, 'ipv6');
}

// Names that mean this machine or its network, with or without the trailing dot of a rooted name.
const LOOPBACK_NAMES = /^(localhost|ip6-localhost|ip6-loopback|.*\.localhost|.*\.local|.*\.internal)$/i;

/** The URL's host as it will be looked up: no brackets, no trailing dots, lower case. */
const hostOf = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();

/** Why this URL may not be a webhook, or null when it may (judged on its text; DNS comes at send time). */
export function webhookUrlRefusal(raw: string, policy: WebhookPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'credentials in the URL';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.production)) return 'not https';
  if (!policy.production) return null;
  // The URL parser has already turned decimal, octal and hex IPv4 forms into dotted decimal.
  const host = hostOf(url);
  if (host === '' || (isIP(host) ? isBlockedAddress(host) : LOOPBACK_NAMES.test(host)))
    return 'private address';
  return null;
}

type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const resolveAll: Resolve = (host) => lookup(host, { all: true });

/**
 * The address to connect to for this URL, resolved now (a name may point elsewhere than when it was
 * saved). Throws with the reason when the URL or any address it resolves to is refused.
 */
export async function resolveWebhookTarget(
  raw: string,
  policy: WebhookPolicy,
  resolve: Resolve = resolveAll,
): Promise<{ address: string; family: number }> {
  const refusal = webhookUrlRefusal(raw, policy);
  if (refusal) throw new Error(refusal);
  const host = hostOf(new URL(raw));
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  if (addresses.length === 0) throw new Error('no address');
  // Every address is judged, not only the first: the connection must not fall through to a private one.
  if (policy.production && addresses.some((a) => isBlockedAddress(a.address)))
    throw new Error('private address');
  return addresses[0]!;
}
