import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggableError } from './errors.ts';

describe('what a failed request leaves in the log', () => {
  it('keeps the statement and the cause but never the values bound to it', () => {
    const secret = 'nk_0123456789abcdef-this-is-a-key-hash';
    const err = new DrizzleQueryError(
      'insert into "api_keys" ("name", "key_hash") values ($1, $2)',
      ['bot', secret],
      Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    );
    const logged = JSON.stringify(loggableError(err));
    expect(logged).not.toContain(secret);
    expect(logged).toContain('insert into \\"api_keys\\"');
    expect(logged).toContain('params: [redacted]');
    expect(loggableError(err)).toMatchObject({
      code: '22021',
      cause: 'invalid byte sequence for encoding "UTF8": 0x00',
    });
  });
});
