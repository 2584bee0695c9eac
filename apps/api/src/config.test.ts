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
});
