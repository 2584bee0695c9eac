import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://numero.example',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_configuration_only',
  STRIPE_WEBHOOK_SECRET: 'whsec_configuration_only',
  NUMBER_PROVIDERS: '5sim',
  FIVESIM_TOKEN: 'configuration-only-token',
};

describe('configuration', () => {
  it('refuses sandbox payments and simulated numbers in production unless DEMO_MODE=true', () => {
    expect(() => loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDER=sandbox lets any customer credit their own wallet/,
    );
    expect(() => loadConfig({ ...PRODUCTION, NUMBER_PROVIDERS: 'simulator' })).toThrow(
      /NUMBER_PROVIDERS includes the simulator/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DEMO_MODE=true/);
    expect(loadConfig(PRODUCTION).demo).toBe(false);
    // A public demo is a deliberate choice, and every page then says so.
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' }).demo).toBe(true);
    expect(loadConfig({}).demo).toBe(true);
  });

  it('trusts no development origin in production when ALLOWED_ORIGINS is unset', () => {
    expect(loadConfig(PRODUCTION).allowedOrigins).toEqual(['https://numero.example']);
    expect(loadConfig({ PORT: '3000' }).allowedOrigins).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://localhost:5173',
    ]);
    expect(
      loadConfig({ ...PRODUCTION, ALLOWED_ORIGINS: 'https://a.example, https://b.example' }).allowedOrigins,
    ).toEqual(['https://a.example', 'https://b.example']);
  });

  it('sheds load past 1 s of event-loop lag on PostgreSQL, and not on the embedded database unless asked', () => {
    const pg = { DATABASE_URL: 'postgres://store@127.0.0.1:5432/store' };
    expect(loadConfig(pg).maxEventLoopDelayMs).toBe(1000);
    // PGlite answers queries on the server's own thread: its lag is the database working, not overload.
    expect(loadConfig({}).maxEventLoopDelayMs).toBe(0);
    expect(loadConfig({ MAX_EVENT_LOOP_DELAY_MS: '500' }).maxEventLoopDelayMs).toBe(500);
    expect(loadConfig({ ...pg, MAX_EVENT_LOOP_DELAY_MS: '0' }).maxEventLoopDelayMs).toBe(0);
  });

  it('refuses failpoints in production, and a failpoint name it does not know anywhere', () => {
    expect(() => loadConfig({ ...PRODUCTION, FAILPOINTS: 'topup.credit:crash' })).toThrow(
      /FAILPOINTS makes the process fail on purpose: never in production/,
    );
    expect(() => loadConfig({ FAILPOINTS: 'purchase.after-lunch:crash' })).toThrow(
      /unknown failpoint "purchase.after-lunch"/,
    );
    expect(() => loadConfig({ FAILPOINTS: 'topup.credit:explode' })).toThrow(/takes crash or error/);
    expect(() => loadConfig({ FAILPOINTS: 'topup.credit:error,activation.refund' })).not.toThrow();
  });
});
