import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module, reading the environment as a newly started process would. */
async function startedWith(env: { NODE_ENV?: string; FAILPOINTS?: string }) {
  vi.resetModules();
  vi.stubEnv('NODE_ENV', env.NODE_ENV ?? 'test');
  vi.stubEnv('FAILPOINTS', env.FAILPOINTS ?? '');
  return import('./failpoint.ts');
}

describe('failpoints', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('fails only at the failpoint the environment names', async () => {
    const { failpoint, FailpointError } = await startedWith({ FAILPOINTS: 'topup.credit:error' });

    expect(() => failpoint('purchase.after-escrow')).not.toThrow();
    expect(() => failpoint('topup.credit')).toThrow(FailpointError);
  });

  it('does nothing when none is set, and nothing in production whatever is set', async () => {
    const unset = await startedWith({});
    expect(() => unset.failpoint('topup.credit')).not.toThrow();

    const production = await startedWith({ NODE_ENV: 'production', FAILPOINTS: 'topup.credit:error' });
    expect(() => production.failpoint('topup.credit')).not.toThrow();
  });
});
