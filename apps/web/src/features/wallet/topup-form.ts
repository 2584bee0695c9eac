import { zodResolver } from '@hookform/resolvers/zod';
import { Currency, type StoreInfo } from '@numero/contract/common';
import {
  BoletoPayer,
  type CreateIntentBody,
  methodTakesCurrency,
  PaymentMethod,
  topupAmountProblem,
} from '@numero/contract/wallet';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

/**
 * What the customer typed as an amount, in cents: "50", "50,5", "50,50", "1.234,56" (pt) or
 * "1,234.56" (en). Null when it is not a positive amount with at most two decimals.
 */
export function parseAmountInput(text: string, lang: string): number | null {
  let value = text
    .trim()
    .replace(/^(R\$|\$|US\$)\s*/i, '')
    .replace(/\s/g, '');
  if (!value) return null;
  const [thousands, decimal] = lang.startsWith('en') ? [',', '.'] : ['.', ','];
  // A lone separator followed by one or two digits is the decimal one, whichever the customer used.
  const last = Math.max(value.lastIndexOf(','), value.lastIndexOf('.'));
  if (last >= 0 && value.length - last - 1 <= 2 && value.split(value[last]!).length === 2) {
    value = `${value.slice(0, last).split(thousands).join('').split(decimal).join('')}.${value.slice(last + 1)}`;
  } else {
    value = value.split(thousands).join('');
    if (value.includes(decimal)) value = value.replace(decimal, '.');
  }
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/** The methods a currency offers: PIX and boleto are for reais only. */
export function methodsFor(currency: Currency): PaymentMethod[] {
  return (['pix', 'card', 'boleto'] as const).filter((m) => methodTakesCurrency(m, currency));
}

/** The top-up form as the customer fills it in: the currency, method and preset are chosen with buttons. */
export interface TopupFields {
  currency: Currency;
  method: PaymentMethod;
  /** The suggested amount chosen, in cents; an amount typed in `custom` wins over it. */
  preset: number | null;
  custom: string;
  payerName: string;
  payerTaxId: string;
}

/** What the check needs besides the fields: how amounts are written, and the store's limits once read. */
export interface TopupContext {
  lang: string;
  /** The store's `topup_limits` (GET /api/v1/store); until they are read the server alone applies them. */
  limits: StoreInfo['topup_limits'] | undefined;
  /** The store's `payer_required`: PIX asks for the payer too where the payment provider requires it. */
  payerRequired?: StoreInfo['payer_required'];
}

/** Whether the form asks who pays: always for a boleto, for another method when the store says so. */
export function asksPayer(method: PaymentMethod, payerRequired: StoreInfo['payer_required'] = []): boolean {
  return method === 'boleto' || payerRequired.includes(method);
}

/** The amount the customer would pay, in cents: the typed one when something is typed, else the preset. */
export function chosenAmount(fields: Pick<TopupFields, 'preset' | 'custom'>, lang: string): number | null {
  return fields.custom.trim() ? parseAmountInput(fields.custom, lang) : fields.preset;
}

/** Keys (namespace `wallet`) of the form's messages; the amount's limit ones take the limit as `limit`. */
export const TOPUP_MESSAGES = {
  AMOUNT_NOT_CENTS: 'topup.invalidAmount',
  AMOUNT_TOO_LOW: 'topup.belowMinimum',
  AMOUNT_TOO_HIGH: 'topup.aboveMaximum',
  method: 'topup.brlOnly',
  payer: 'topup.invalidPayer',
} as const;

const ANY_AMOUNT = { min: 1, max: Number.MAX_SAFE_INTEGER };

/**
 * The fields checked by the rules of POST /wallets/payments/create-intent: the amount against the store's
 * range (`topupAmountProblem`), the method against the currency, the payer (a boleto's, or a PIX's where
 * the provider requires it) by `BoletoPayer` (name, CPF or CNPJ check digits); the output is the body.
 */
function topupSchema({ lang, limits, payerRequired }: TopupContext) {
  return z
    .object({
      currency: Currency,
      method: PaymentMethod,
      preset: z.number().nullable(),
      custom: z.string(),
      payerName: z.string(),
      payerTaxId: z.string(),
    })
    .superRefine((f, ctx) => {
      const amount = chosenAmount(f, lang);
      const problem =
        amount === null ? 'AMOUNT_NOT_CENTS' : topupAmountProblem(amount, limits?.[f.currency] ?? ANY_AMOUNT);
      if (problem) ctx.addIssue({ code: 'custom', path: ['custom'], message: TOPUP_MESSAGES[problem] });
      if (!methodTakesCurrency(f.method, f.currency))
        ctx.addIssue({ code: 'custom', path: ['method'], message: TOPUP_MESSAGES.method });
      if (!asksPayer(f.method, payerRequired)) return;
      const payer = BoletoPayer.safeParse({ name: f.payerName, tax_id: f.payerTaxId });
      for (const issue of payer.error?.issues ?? []) {
        const path = issue.path[0] === 'name' ? 'payerName' : 'payerTaxId';
        ctx.addIssue({ code: 'custom', path: [path], message: TOPUP_MESSAGES.payer });
      }
    })
    .transform(
      (f): CreateIntentBody => ({
        amount: chosenAmount(f, lang) ?? 0,
        currency: f.currency,
        method: f.method,
        payer: asksPayer(f.method, payerRequired)
          ? BoletoPayer.safeParse({ name: f.payerName, tax_id: f.payerTaxId }).data
          : undefined,
      }),
    );
}

/** react-hook-form's resolver for a top-up; `useForm`'s `context` gives the language and the limits. */
export const topupResolver: Resolver<TopupFields, TopupContext, CreateIntentBody> = (
  values,
  context,
  options,
) =>
  (
    zodResolver(topupSchema(context ?? { lang: 'pt', limits: undefined })) as Resolver<
      TopupFields,
      TopupContext,
      CreateIntentBody
    >
  )(values, context, options);

/** The first of the form's messages the fields have, in the order the customer fills them in. */
export function firstTopupProblem(errors: Partial<Record<keyof TopupFields, { message?: string }>>) {
  return (['custom', 'method', 'payerName', 'payerTaxId'] as const)
    .map((field) => errors[field]?.message)
    .find(Boolean);
}

/** "12/29", "1229", "12 / 2029" → month and four-digit year; null when unreadable. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** "4242424242424242" → "4242 4242 4242 4242", as the customer types. */
export function formatCardNumber(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}
