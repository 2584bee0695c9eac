import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { InboundSmsBody } from '../../providers/numbers/inbound.ts';
import type { createInboundSms } from './inbound-sms.ts';

export interface InboundSmsSettings {
  /** The secret path segment every pushing seller is given. */
  token: string;
  /** False: the token was derived for the simulator only; real sellers may not post. */
  configured: boolean;
  /** Addresses allowed to post; empty: any. */
  allow: readonly string[];
}

const Params = z.object({
  provider: z.string().min(1).max(64),
  token: z.string().min(1).max(256),
});
const Reply = z.object({ ok: z.literal(true) });

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The webhook through which sellers (and the simulator) push each SMS the moment they have it. */
export const inboundSmsRoutes: FastifyPluginAsyncZod<{
  inbound: ReturnType<typeof createInboundSms>;
  settings: InboundSmsSettings;
}> = async (app, { inbound, settings }) => {
  app.post(
    '/api/v1/providers/:provider/sms/:token',
    {
      // Sellers post from their servers: no browser origin, no session; the path token is the guard.
      config: { access: 'public', skipOriginCheck: true },
      schema: {
        tags: ['providers'],
        description: 'Inbound SMS from a number provider (HeroSMS-style JSON). 404 for a wrong token.',
        params: Params,
        body: InboundSmsBody,
        response: { 200: Reply },
      },
      // The token is checked before the body is read, so a stranger learns nothing about its shape.
      preValidation: async (request) => {
        const { provider, token } = request.params as z.infer<typeof Params>;
        const open = settings.configured || provider === 'simulator';
        if (!open || !sameSecret(token, settings.token)) throw new AppError('NOT_FOUND', 404);
        if (settings.allow.length > 0 && !settings.allow.includes(request.ip))
          throw new AppError('FORBIDDEN', 403);
      },
    },
    async (request) => {
      await inbound.receiveSms(request.params.provider, request.body);
      return { ok: true as const };
    },
  );
};
