/**
 * A payment provider (the offline sandbox, Mercado Pago, Stripe). Amounts are integer minor units.
 */
export type Currency = 'BRL' | 'USD';
export type PaymentMethod = 'pix' | 'card' | 'boleto';
export type ChargeStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled';

export interface CreateChargeInput {
  /** Our payment id; doubles as the idempotency key sent to the provider. */
  paymentId: string;
  amount: number;
  currency: Currency;
  method: PaymentMethod;
  payerEmail: string;
  description: string;
  /** Needed where the method registers the payer (a Mercado Pago boleto needs name and CPF/CNPJ). */
  payer?: Payer;
}

export interface Payer {
  firstName: string;
  lastName: string;
  /** CPF (11 digits) or CNPJ (14 digits); punctuation is ignored. */
  taxId: string;
  address?: {
    zipCode: string;
    street: string;
    number: string;
    neighborhood: string;
    city: string;
    /** Two-letter state code, e.g. SP. */
    state: string;
  };
}

export interface Charge {
  providerRef: string;
  status: ChargeStatus;
  expiresAt: Date | null;
  pix?: { copyPaste: string; qrCodeDataUrl: string };
  boleto?: { digitableLine: string; url?: string };
  /** What the browser needs to collect the card (a Stripe client secret, a Mercado Pago public key). */
  card?: { clientSecret?: string; publicKey?: string };
}

/**
 * Raw numbers only reach the offline sandbox. Real providers collect cards in the browser, so for them
 * `number` carries what their SDK returned: a Stripe PaymentMethod id (pm_…) or a Mercado Pago card token.
 */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
  /** Mercado Pago: the payment_method_id its card form reported with the token (visa, master, elo, …). */
  brand?: string;
}

export interface ChargeState {
  providerRef: string;
  status: ChargeStatus;
  amount: number;
  currency: Currency;
  /** Why a card was refused: 'declined' | 'insufficient_funds' | ... */
  failureReason?: string;
}

export interface WebhookEvent {
  /** The provider's event id; stored so a replay is ignored. */
  eventId: string;
  providerRef: string;
  status: ChargeStatus;
  /** Present when the event carries them; the store checks them against its own record. */
  amount?: number;
  currency?: Currency;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'mercadopago' | 'stripe';
  /** The methods whose charge needs the payer's name and CPF/CNPJ (`CreateChargeInput.payer`). */
  readonly payerRequired: readonly PaymentMethod[];
  supports(method: PaymentMethod, currency: Currency): boolean;
  createCharge(input: CreateChargeInput): Promise<Charge>;
  /** Card only: pay the charge with these details. */
  confirmCard(providerRef: string, card: CardDetails): Promise<ChargeState>;
  /** Ask the provider for the current state of a charge. */
  getCharge(providerRef: string): Promise<ChargeState>;
  createCheckoutSession(input: CreateChargeInput & { successUrl: string; cancelUrl: string }): Promise<{
    providerRef: string;
    url: string;
  }>;
  /**
   * Verify the signature over the raw body and read the event. Throws WebhookSignatureError when the
   * signature, the secret or the timestamp is wrong; returns null for events the store ignores.
   */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<WebhookEvent | null>;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export class PaymentProviderError extends Error {
  constructor(
    readonly code:
      | 'DECLINED'
      | 'INSUFFICIENT_FUNDS'
      | 'NOT_FOUND'
      | 'UNSUPPORTED'
      | 'UNAVAILABLE'
      | 'BAD_REPLY',
    message: string = code,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
