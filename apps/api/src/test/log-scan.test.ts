import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findLeaks } from './log-scan.ts';

describe('the scan of the reliability logs', () => {
  const key = 'nk_live_0123456789abcdef';
  const hash = createHash('sha256').update(key).digest('hex');

  it('finds a secret, its hash, credentials in a query string and logged URLs with a query', () => {
    const log = [
      '{"msg":"fine","url":"/stubs/handler_api.php"}',
      `{"msg":"key ${key}"}`,
      `{"err":{"message":"select ... params: ${hash}"}}`,
      '{"msg":"GET https://seller.example/stubs/handler_api.php?action=getBalance&api_key=abc"}',
      '{"msg":"mail","text":"https://numero.example/reset#token=abc"}',
      '{"req":{"url":"/api/v1/catalog/products?search=wa"}}',
    ].join('\n');
    expect(findLeaks(log, [key])).toEqual([
      'line 2: a secret',
      'line 3: the SHA-256 of a secret',
      'line 4: a credential in a query string',
      'line 5: a token in a link',
      'line 6: a logged URL with a query string',
    ]);
  });

  it('passes a clean log', () => {
    expect(findLeaks('{"msg":"request completed","res":{"statusCode":200}}', [key])).toEqual([]);
  });
});
