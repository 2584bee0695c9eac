import { z } from 'zod';

/**
 * The SMS a seller posts to the store (HeroSMS-style webhook, unsigned and retried until it gets a 2xx).
 * The simulator posts the same body, so the store has one inbound path whoever the seller is.
 */
export const InboundSmsBody = z.object({
  activationId: z.union([z.string().min(1).max(512), z.number().int().nonnegative()]).transform(String),
  service: z.string().max(32).optional(),
  text: z.string().max(2_000),
  code: z.string().min(1).max(64),
  country: z.union([z.string().max(8), z.number().int()]).optional(),
  receivedAt: z.union([z.string().max(64), z.number()]).optional(),
});
export type InboundSmsBody = z.infer<typeof InboundSmsBody>;

/** Path of the inbound webhook for one provider; the token is a secret shared with that provider. */
export const inboundSmsPath = (provider: string, token: string) =>
  `/api/v1/providers/${encodeURIComponent(provider)}/sms/${encodeURIComponent(token)}`;

const RETRY_DELAYS_MS = [500, 2_000, 5_000];

/**
 * Posts an SMS to a store the way a pushing seller does: a few tries, then nothing (the store still
 * polls). Never throws.
 */
export async function postInboundSms(
  url: string,
  body: InboundSmsBody,
  opts: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<boolean> {
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5_000),
      });
      await res.body?.cancel();
      // A 4xx is the store refusing this SMS: asking again would not change its mind.
      if (res.status < 500) return res.ok;
    } catch {
      // Connection refused, reset or timed out: like a real seller, try again a little later.
    }
    const delay = RETRY_DELAYS_MS[attempt];
    if (delay === undefined) return false;
    await new Promise((r) => setTimeout(r, delay).unref());
  }
}
