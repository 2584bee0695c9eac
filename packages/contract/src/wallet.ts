import { z } from 'zod';
import { Cents, Currency, Pagination, paginated } from './common.ts';

/** Path segment {currency}: BRL or USD, in any case. */
export const CurrencyParams = z.object({
  currency: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), Currency),
});
export type CurrencyParams = z.infer<typeof CurrencyParams>;

export const Balance = z
  .object({
    balance: Cents.describe('integer cents'),
    currency: Currency,
    /** 'R$ 50,00' for BRL, '$50.00' for USD. */
    formatted: z.string(),
  })
  .meta({ id: 'Balance' });
export type Balance = z.infer<typeof Balance>;

export const WalletsQuery = Pagination;
export type WalletsQuery = z.infer<typeof WalletsQuery>;
export const WalletsPage = paginated(Balance);
export type WalletsPage = z.infer<typeof WalletsPage>;
/** The body of the list calls (spec §7: a list); the total is in the X-Total-Count header. */
export const WalletsList = z.array(Balance);
export type WalletsList = z.infer<typeof WalletsList>;

export const TRANSACTION_KINDS = ['topup', 'purchase', 'capture', 'refund', 'adjustment'] as const;

export const WalletTransaction = z
  .object({
    id: z.number().int(),
    kind: z.enum(TRANSACTION_KINDS),
    /** Signed cents: positive enters the wallet, negative leaves it. */
    amount: Cents,
    balance_after: Cents,
    currency: Currency,
    description: z.string(),
    reference: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'WalletTransaction' });
export type WalletTransaction = z.infer<typeof WalletTransaction>;

export const TransactionsQuery = Pagination;
export type TransactionsQuery = z.infer<typeof TransactionsQuery>;
export const AllTransactionsQuery = Pagination.extend({ currency: Currency.optional() });
export type AllTransactionsQuery = z.infer<typeof AllTransactionsQuery>;
export const TransactionsPage = paginated(WalletTransaction);
export type TransactionsPage = z.infer<typeof TransactionsPage>;
export const TransactionsList = z.array(WalletTransaction);
export type TransactionsList = z.infer<typeof TransactionsList>;

export const PAYMENT_METHODS = ['pix', 'card', 'boleto'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'cancelled'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** PIX and boleto are Brazilian: they only ever carry reais. */
export function methodTakesCurrency(method: PaymentMethod, currency: Currency): boolean {
  return method === 'card' || currency === 'BRL';
}

/** A CPF (11 digits) or CNPJ (14 digits) whose check digits are right; punctuation is ignored. */
export function isValidTaxId(value: string): boolean {
  const digits = value.replace(/[.\-/\s]/g, '');
  if (!/^\d+$/.test(digits) || /^(\d)\1*$/.test(digits)) return false;
  const check = (base: string, weights: number[]) => {
    const sum = weights.reduce((s, w, i) => s + w * Number(base[i]), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  if (digits.length === 11) {
    const d1 = check(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
    const d2 = check(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    return digits.endsWith(`${d1}${d2}`);
  }
  if (digits.length === 14) {
    const d1 = check(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    const d2 = check(digits, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    return digits.endsWith(`${d1}${d2}`);
  }
  return false;
}

/**
 * Who pays: a registered boleto carries the payer's name and CPF/CNPJ, and so does PIX where the payment
 * provider requires it (`StoreInfo.payer_required`). Passed to the provider, never stored by the store.
 */
export const BoletoPayer = z
  .object({
    name: z.string().trim().min(3).max(120),
    tax_id: z.string().trim().max(20).refine(isValidTaxId, 'invalid CPF or CNPJ'),
  })
  .strict();
export type BoletoPayer = z.infer<typeof BoletoPayer>;

export type TopupAmountProblem = 'AMOUNT_NOT_CENTS' | 'AMOUNT_TOO_LOW' | 'AMOUNT_TOO_HIGH';

/**
 * What is wrong with a top-up amount against the store's range for its currency (the `topup_limits`
 * setting), checked alike by the server and by the top-up form; null when nothing is. A huge or fractional
 * number is named by the limit first when it is plainly above it.
 */
export function topupAmountProblem(
  amount: number,
  range: { min: number; max: number },
): TopupAmountProblem | null {
  if (!Number.isSafeInteger(amount))
    return Number.isFinite(amount) && amount > range.max ? 'AMOUNT_TOO_HIGH' : 'AMOUNT_NOT_CENTS';
  if (amount < range.min) return 'AMOUNT_TOO_LOW';
  if (amount > range.max) return 'AMOUNT_TOO_HIGH';
  return null;
}

/**
 * `amount` is typed loosely on purpose: integer cents and the per-currency limits are checked by the
 * server, which answers with a sentence naming the limit ('O valor mínimo é R$ 5,00.').
 */
export const CreateIntentBody = z
  .object({
    amount: z.number().describe('integer cents'),
    currency: Currency,
    method: PaymentMethod,
    payer: BoletoPayer.optional().describe(
      'boleto, and PIX where the provider requires it; the methods that need it are in GET /api/v1/store',
    ),
  })
  .strict();
export type CreateIntentBody = z.infer<typeof CreateIntentBody>;

export const CheckoutSessionBody = z
  .object({ amount: z.number().describe('integer cents'), currency: Currency })
  .strict();
export type CheckoutSessionBody = z.infer<typeof CheckoutSessionBody>;

export const CheckoutSession = z.object({ id: z.uuid(), url: z.string() }).meta({ id: 'CheckoutSession' });
export type CheckoutSession = z.infer<typeof CheckoutSession>;

export const PaymentIdParams = z.object({ id: z.uuid() });
export type PaymentIdParams = z.infer<typeof PaymentIdParams>;

/** Whether a card number's last digit is the Luhn check digit of the others (digits only). */
export function luhnValid(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number.charAt(number.length - 1 - i));
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number as a card form takes it: spaces and dashes dropped, 12 to 19 digits passing Luhn. */
export const CardNumber = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{12,19}$/)
      .refine(luhnValid),
  );

/** The card's security code: 3 or 4 digits. */
export const CardCvc = z.string().regex(/^\d{3,4}$/);

/** A card is good through the last day of its expiry month; a two-digit year is in this century. */
export function cardExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const year = expiry.year < 100 ? 2000 + expiry.year : expiry.year;
  return now.getTime() >= Date.UTC(year, expiry.month, 1);
}

/**
 * Raw numbers reach only the sandbox; real providers get the token their browser SDK made. The sandbox
 * checks them further as a card form would (CardNumber, CardCvc, cardExpired).
 */
export const CardInput = z
  .object({
    number: z.string().trim().min(1).max(40),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int().min(0).max(9999),
    cvc: z.string().trim().min(3).max(4),
    holder_name: z.string().trim().min(1).max(120),
  })
  .strict();
export type CardInput = z.infer<typeof CardInput>;

export const ConfirmIntentBody = z
  .object({
    card: CardInput.optional(),
    /** Stripe PaymentMethod id (pm_…) or Mercado Pago card token. */
    token: z.string().trim().min(1).max(255).optional(),
    /** Mercado Pago payment_method_id reported by its card form (visa, master, elo, …). */
    brand: z.string().trim().min(1).max(40).optional(),
  })
  .strict();
export type ConfirmIntentBody = z.infer<typeof ConfirmIntentBody>;

export const SimulateBody = z.object({ outcome: z.enum(['paid', 'failed']).default('paid') }).strict();
export type SimulateBody = z.infer<typeof SimulateBody>;

export const PaymentIntent = z
  .object({
    id: z.uuid(),
    status: PaymentStatus,
    method: PaymentMethod,
    amount: Cents,
    currency: Currency,
    expires_at: z.string().nullable(),
    /** Seconds until expires_at by the server's clock, so a countdown ignores the browser's clock. */
    remaining_seconds: z.number().int().nullable(),
    created_at: z.string(),
    /** True once the amount is in the wallet (exactly once, whatever the provider repeats). */
    credited: z.boolean(),
    /** Why a card was refused: declined, insufficient_funds, expired_card, incorrect_cvc, … */
    failure_reason: z.string().nullable(),
    pix: z.object({ copy_paste: z.string(), qr_code: z.string() }).optional(),
    boleto: z.object({ digitable_line: z.string(), url: z.string().optional() }).optional(),
    card: z.object({ client_secret: z.string().optional(), public_key: z.string().optional() }).optional(),
    checkout_url: z.string().optional(),
    /** The offline sandbox: payments can be simulated and test cards work. */
    sandbox: z.boolean(),
  })
  .meta({ id: 'PaymentIntent' });
export type PaymentIntent = z.infer<typeof PaymentIntent>;

/** GET /api/v1/wallets/payments/pending: the caller's PIX and boleto top-ups still open to payment. */
export const PendingPaymentsQuery = Pagination;
export type PendingPaymentsQuery = z.infer<typeof PendingPaymentsQuery>;
export const PendingPaymentsPage = paginated(PaymentIntent);
export type PendingPaymentsPage = z.infer<typeof PendingPaymentsPage>;
/** The body of the list call; the total is in the X-Total-Count header, as for every list. */
export const PendingPaymentsList = z.array(PaymentIntent);
export type PendingPaymentsList = z.infer<typeof PendingPaymentsList>;

export const WebhookParams = z.object({ provider: z.string().max(40) });
export type WebhookParams = z.infer<typeof WebhookParams>;
export const WebhookReply = z.object({ received: z.boolean(), duplicate: z.boolean().optional() });
export type WebhookReply = z.infer<typeof WebhookReply>;

/** The web's amount presets, in cents, per currency. */
export const TOPUP_PRESETS: Record<Currency, readonly number[]> = {
  BRL: [2_000, 5_000, 10_000, 20_000],
  USD: [1_000, 2_000, 5_000, 10_000],
};

// ---- staff adjustments of a customer's wallet ----

/** R$ 10.000,00 / $10,000.00 in one adjustment: anything bigger is a typo, not a support case. */
export const MAX_ADJUSTMENT_CENTS = 1_000_000;

export const WalletAdjustmentBody = z
  .object({
    currency: Currency,
    /** Signed cents: positive credits the wallet, negative debits it (never below zero). */
    amount: z
      .number()
      .int()
      .min(-MAX_ADJUSTMENT_CENTS)
      .max(MAX_ADJUSTMENT_CENTS)
      .refine((v) => v !== 0, 'must not be zero'),
    /** Why: kept in the audit log, never shown to the customer. */
    reason: z.string().trim().min(3).max(500),
  })
  .strict();
export type WalletAdjustmentBody = z.infer<typeof WalletAdjustmentBody>;

export const WalletAdjustment = z
  .object({
    user_id: z.uuid(),
    currency: Currency,
    amount: Cents,
    /** The wallet's balance after the adjustment. */
    balance: Cents,
    formatted: z.string(),
    /** False when the same Idempotency-Key was used before: nothing moved twice. */
    applied: z.boolean(),
  })
  .meta({ id: 'WalletAdjustment' });
export type WalletAdjustment = z.infer<typeof WalletAdjustment>;
