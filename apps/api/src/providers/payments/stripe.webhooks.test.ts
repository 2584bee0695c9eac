import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './payment-provider.ts';
import { type Json, NOW_SECONDS, rejection, setup, WHSEC } from './stripe.fixture.ts';
import { signStripeWebhook } from './stripe.ts';

describe('Stripe: webhooks', () => {
  const intentEvent = (id: string, type: string, metadata: Json = { payment_id: 'pay_0001' }) =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      created: NOW_SECONDS,
      data: {
        object: {
          id: 'pi_3Abc',
          object: 'payment_intent',
          status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
          amount: 1999,
          currency: 'brl',
          metadata,
        },
      },
    });
  const sessionEvent = (id: string, type: string, paymentStatus = 'paid') =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      data: {
        object: {
          id: 'cs_test_a1',
          object: 'checkout.session',
          status: type === 'checkout.session.expired' ? 'expired' : 'complete',
          payment_status: paymentStatus,
          amount_total: 4990,
          currency: 'usd',
          payment_intent: 'pi_3Sess',
          metadata: { payment_id: 'pay_0002' },
        },
      },
    });
  const signed = (body: string, secret = WHSEC, t = NOW_SECONDS) => ({
    'stripe-signature': signStripeWebhook(body, secret, t),
  });

  it('reads payment_intent.succeeded and .payment_failed', async () => {
    const { provider } = await setup();
    const ok = intentEvent('evt_1', 'payment_intent.succeeded');
    expect(await provider.parseWebhook(Buffer.from(ok), signed(ok))).toEqual({
      eventId: 'evt_1',
      providerRef: 'pi_3Abc',
      status: 'paid',
      amount: 1999,
      currency: 'BRL',
    });
    const failed = intentEvent('evt_2', 'payment_intent.payment_failed');
    expect(await provider.parseWebhook(Buffer.from(failed), signed(failed))).toMatchObject({
      status: 'failed',
    });
  });

  it('maps checkout.session.completed and .async_payment_succeeded of one payment to the same charge', async () => {
    const { provider } = await setup();
    const completed = sessionEvent('evt_10', 'checkout.session.completed');
    const async = sessionEvent('evt_11', 'checkout.session.async_payment_succeeded');
    const a = await provider.parseWebhook(Buffer.from(completed), signed(completed));
    const b = await provider.parseWebhook(Buffer.from(async), signed(async));
    expect(a).toEqual({
      eventId: 'evt_10',
      providerRef: 'cs_test_a1',
      status: 'paid',
      amount: 4990,
      currency: 'USD',
    });
    expect(b).toEqual({ ...a, eventId: 'evt_11' });
  });

  it('reads an unpaid completion as pending, async failure as failed and expiry as expired', async () => {
    const { provider } = await setup();
    for (const [type, paymentStatus, expected] of [
      ['checkout.session.completed', 'unpaid', 'pending'],
      ['checkout.session.async_payment_failed', 'unpaid', 'failed'],
      ['checkout.session.expired', 'unpaid', 'expired'],
    ] as const) {
      const body = sessionEvent('evt_x', type, paymentStatus);
      expect((await provider.parseWebhook(Buffer.from(body), signed(body)))?.status).toBe(expected);
    }
  });

  it('ignores a checkout PaymentIntent, a PaymentIntent that is not ours, and other event types', async () => {
    const { provider } = await setup();
    for (const body of [
      intentEvent('evt_3', 'payment_intent.succeeded', { payment_id: 'pay_0002', checkout: 'true' }),
      intentEvent('evt_4', 'payment_intent.succeeded', {}),
      intentEvent('evt_5', 'payment_intent.created'),
      JSON.stringify({ id: 'evt_6', type: 'customer.created', data: { object: { id: 'cus_1' } } }),
    ]) {
      expect(await provider.parseWebhook(Buffer.from(body), signed(body))).toBeNull();
    }
  });

  it('rejects a wrong secret', async () => {
    const { provider } = await setup();
    const body = intentEvent('evt_1', 'payment_intent.succeeded');
    expect(
      await rejection(provider.parseWebhook(Buffer.from(body), signed(body, 'whsec_other'))),
    ).toBeInstanceOf(WebhookSignatureError);
  });

  it('rejects a body changed by one byte', async () => {
    const { provider } = await setup();
    const body = intentEvent('evt_1', 'payment_intent.succeeded');
    const tampered = Buffer.from(body.replace('"amount":1999', '"amount":9999'));
    expect(tampered.length).toBe(Buffer.byteLength(body));
    expect(await rejection(provider.parseWebhook(tampered, signed(body)))).toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('rejects a stale timestamp', async () => {
    const { provider } = await setup();
    const body = intentEvent('evt_1', 'payment_intent.succeeded');
    const stale = signed(body, WHSEC, NOW_SECONDS - 301);
    expect(await rejection(provider.parseWebhook(Buffer.from(body), stale))).toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('accepts any one of several v1 signatures and rejects a missing header', async () => {
    const { provider } = await setup();
    const body = intentEvent('evt_1', 'payment_intent.succeeded');
    const good = signStripeWebhook(body, WHSEC, NOW_SECONDS).split(',v1=')[1];
    const rotated = `t=${NOW_SECONDS},v1=${signStripeWebhook(body, 'whsec_old', NOW_SECONDS).split(',v1=')[1]},v1=${good},v0=ignored`;
    expect(await provider.parseWebhook(Buffer.from(body), { 'Stripe-Signature': rotated })).not.toBeNull();
    expect(await rejection(provider.parseWebhook(Buffer.from(body), {}))).toBeInstanceOf(
      WebhookSignatureError,
    );
  });
});
