import { describe, expect, it } from 'vitest';
import { ARGON2_PARAMS } from './password.ts';
import { createArgon2Workers } from './password-worker.ts';

describe('argon2 on worker threads', () => {
  const argon2 = createArgon2Workers(ARGON2_PARAMS);

  it('hashes and verifies, each answer with the CPU time the hash took on its thread', async () => {
    const hashed = await argon2.run({ op: 'hash', password: 'uma-senha-de-teste-bem-longa' });
    expect(hashed.value).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // 19 MiB and 2 passes: a few ms of CPU at least, whatever the machine's load.
    expect(hashed.cpuMs).toBeGreaterThan(1);
    const right = await argon2.run({
      op: 'verify',
      stored: hashed.value,
      password: 'uma-senha-de-teste-bem-longa',
    });
    const wrong = await argon2.run({ op: 'verify', stored: hashed.value, password: 'outra-senha' });
    expect([right.value, wrong.value]).toEqual([true, false]);
    expect(wrong.cpuMs).toBeGreaterThan(1);
  });

  it('answers false for a stored hash it cannot read, and runs jobs side by side', async () => {
    const [unreadable, a, b] = await Promise.all([
      argon2.run({ op: 'verify', stored: 'not-a-hash', password: 'x' }),
      argon2.run({ op: 'hash', password: 'a' }),
      argon2.run({ op: 'hash', password: 'b' }),
    ]);
    expect(unreadable.value).toBe(false);
    expect(a.value).not.toBe(b.value);
  });
});
