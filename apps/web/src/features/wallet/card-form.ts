import { zodResolver } from '@hookform/resolvers/zod';
import { CardCvc, CardInput, CardNumber, cardExpired } from '@numero/contract/wallet';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { parseExpiry } from './topup-form.ts';

/** The sandbox's card form as the customer types it; the expiry is one field, "MM/AA". */
export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  holder: string;
}

export const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '', holder: '' };

/** Key (namespace `wallet`) of the one message a refused card shows, whichever field is wrong. */
export const CARD_INVALID = 'card.invalid';

const passes = (rule: z.ZodType, value: unknown) => rule.safeParse(value).success;

/**
 * The card checked by what the server checks: the contract's CardInput (the body of
 * POST /wallets/payments/intent/{id}/confirm) and the sandbox's card rules (CardNumber's digits and
 * Luhn check, CardCvc, an expiry not yet past); the output is the body's `card`.
 */
function cardSchema(now: Date) {
  return z
    .object({ number: z.string(), expiry: z.string(), cvc: z.string(), holder: z.string() })
    .superRefine((f, ctx) => {
      const refuse = (path: keyof CardFields) =>
        ctx.addIssue({ code: 'custom', path: [path], message: CARD_INVALID });
      if (!passes(CardNumber, f.number) || !passes(CardInput.shape.number, f.number)) refuse('number');
      const expiry = parseExpiry(f.expiry);
      if (!expiry || !passes(CardInput.shape.exp_year, expiry.year) || cardExpired(expiry, now))
        refuse('expiry');
      if (!passes(CardCvc, f.cvc)) refuse('cvc');
      if (!passes(CardInput.shape.holder_name, f.holder)) refuse('holder');
    })
    .transform((f): CardInput => {
      const expiry = parseExpiry(f.expiry);
      return {
        number: CardNumber.parse(f.number),
        exp_month: expiry?.month ?? 0,
        exp_year: expiry?.year ?? 0,
        cvc: f.cvc,
        holder_name: f.holder.trim(),
      };
    });
}

/** react-hook-form's resolver for the card; the expiry is compared with the moment of the check. */
export const cardResolver: Resolver<CardFields, unknown, CardInput> = (values, context, options) =>
  (zodResolver(cardSchema(new Date())) as Resolver<CardFields, unknown, CardInput>)(values, context, options);
