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
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** An address no webhook may reach in production. IPv4-mapped IPv6 addresses are judged as IPv4. */
export function isBlockedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const LOOPBACK_NAMES = /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i;

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
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) ? isBlockedAddress(host) : LOOPBACK_NAMES.test(host)) return 'private address';
  return null;
}

/**
 * The address to connect to for this URL, resolved now (a name may point elsewhere than when it was
 * saved). Throws with the reason when the URL or any address it resolves to is refused.
 */
export async function resolveWebhookTarget(
  raw: string,
  policy: WebhookPolicy,
): Promise<{ address: string; family: number }> {
  const refusal = webhookUrlRefusal(raw, policy);
  if (refusal) throw new Error(refusal);
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  if (addresses.length === 0) throw new Error('no address');
  // Every address is judged, not only the first: the connection must not fall through to a private one.
  if (policy.production && addresses.some((a) => isBlockedAddress(a.address)))
    throw new Error('private address');
  return addresses[0]!;
}
