import { describe, expect, it } from 'vitest';
import { isBlockedAddress, resolveWebhookTarget, webhookUrlRefusal } from './webhook-address.ts';

const production = { production: true };
const development = { production: false };

describe('webhook addresses', () => {
  it('blocks private, loopback, link-local, reserved and mapped addresses, and lets public ones through', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.1.2.3',
      'not-an-ip',
    ])
      expect(isBlockedAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isBlockedAddress(ip), ip).toBe(false);
  });

  it('in production takes https to a public host only; elsewhere also http and loopback', () => {
    expect(webhookUrlRefusal('https://hooks.example.com/x', production)).toBeNull();
    expect(webhookUrlRefusal('http://hooks.example.com/x', production)).toBe('not https');
    expect(webhookUrlRefusal('https://127.0.0.1:8443/x', production)).toBe('private address');
    expect(webhookUrlRefusal('https://[::1]/x', production)).toBe('private address');
    expect(webhookUrlRefusal('https://api.localhost/x', production)).toBe('private address');
    expect(webhookUrlRefusal('https://u:p@hooks.example.com/x', production)).toBe('credentials in the URL');
    expect(webhookUrlRefusal('ftp://hooks.example.com/x', development)).toBe('not https');
    expect(webhookUrlRefusal('http://127.0.0.1:9000/x', development)).toBeNull();
  });

  it('sees through the spellings of a private address: trailing dots, numeric IPv4 forms, IPv6 that carries IPv4, tunnels', () => {
    for (const url of [
      'https://localhost./x',
      'https://LOCALHOST../x',
      'https://ip6-localhost/x',
      'https://ip6-loopback./x',
      'https://[::127.0.0.1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:7f00:1]/x',
      'https://[0:0:0:0:0:ffff:a00:1]/x',
      'https://[2002:7f00:1::]/x',
      'https://[2002:c0a8:101::1]/x',
      'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x',
      'https://[64:ff9b::a00:1]/x',
      'https://[64:ff9b:1::1]/x',
      'https://2130706433/x',
      'https://0177.0.0.1/x',
      'https://0x7f.1/x',
      'https://10.1/x',
    ])
      expect(webhookUrlRefusal(url, production), url).toBe('private address');
    // The same shapes around a public IPv4 address are fine.
    for (const url of [
      'https://[2002:808:808::1]/x',
      'https://[::ffff:8.8.8.8]/x',
      'https://hooks.example.com./x',
    ])
      expect(webhookUrlRefusal(url, production), url).toBeNull();
  });

  it('refuses at send time a name that resolves to a private address, any of its addresses', async () => {
    const dns = (addresses: string[]) => async () => addresses.map((address) => ({ address, family: 4 }));
    await expect(
      resolveWebhookTarget('https://hooks.example.com/x', production, dns(['127.0.0.1'])),
    ).rejects.toThrow('private address');
    await expect(
      resolveWebhookTarget('https://hooks.example.com/x', production, dns(['8.8.8.8', '10.0.0.5'])),
    ).rejects.toThrow('private address');
    await expect(
      resolveWebhookTarget('https://hooks.example.com./x', production, dns(['8.8.4.4'])),
    ).resolves.toEqual({ address: '8.8.4.4', family: 4 });
  });

  it('resolves at send time and refuses a literal private address in production', async () => {
    await expect(resolveWebhookTarget('https://10.0.0.7/x', production)).rejects.toThrow('private address');
    await expect(resolveWebhookTarget('http://127.0.0.1:9/x', development)).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
  });
});
