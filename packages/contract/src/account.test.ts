import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, CreateApiKeyBody, UpdateApiKeyBody } from './account.ts';

describe('API keys', () => {
  it('look like nk_ and 43 base64url characters, nothing else', () => {
    const body = `${'A'.repeat(20)}${'z9_-'.repeat(5)}abc`;
    expect(body).toHaveLength(43);
    expect(API_KEY_PATTERN.test(`nk_${body}`)).toBe(true);
    for (const bad of [`nk_${body}x`, `nk_${body.slice(1)}`, `NK_${body}`, `nk_${body.slice(1)}=`, body])
      expect(API_KEY_PATTERN.test(bad), bad).toBe(false);
  });

  it('are created with a name and nothing else', () => {
    expect(CreateApiKeyBody.parse({ name: ' bot ' })).toEqual({ name: 'bot' });
    expect(CreateApiKeyBody.safeParse({ name: 'bot', currency: 'USD' }).success).toBe(false);
    expect(CreateApiKeyBody.safeParse({}).success).toBe(false);
  });

  it('change their currency, webhook (null removes it) or secret (only ever asked for with true)', () => {
    for (const good of [
      {},
      { currency: 'USD' },
      { webhook_url: 'https://bot.example/hook' },
      { webhook_url: null },
      { rotate_webhook_secret: true },
    ])
      expect(UpdateApiKeyBody.safeParse(good).success, JSON.stringify(good)).toBe(true);
    for (const bad of [
      { currency: 'EUR' },
      { webhook_url: 'ftp://bot.example/hook' },
      { webhook_url: '' },
      { rotate_webhook_secret: false },
      { webhook_secret: 'mine' },
    ])
      expect(UpdateApiKeyBody.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
