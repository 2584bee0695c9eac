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

  it('resolves at send time and refuses a literal private address in production', async () => {
    await expect(resolveWebhookTarget('https://10.0.0.7/x', production)).rejects.toThrow('private address');
    await expect(resolveWebhookTarget('http://127.0.0.1:9/x', development)).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
  });
});
