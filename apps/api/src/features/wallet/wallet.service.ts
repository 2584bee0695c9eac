import { Currency } from '@numero/contract/common';
import type { Balance, TransactionsPage, WalletsPage } from '@numero/contract/wallet';
import type { Lang } from '../../http/lang.ts';
import type { WalletBalances } from '../../http/request-user.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';

const formatters: Record<Currency, Intl.NumberFormat> = {
  BRL: new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }),
  USD: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
};

/** 5000 BRL → 'R$ 50,00'; 5000 USD → '$50.00'. Reais read the Brazilian way whatever the language. */
export function formatMoney(cents: number, currency: Currency): string {
  // Intl puts a no-break space after R$; a plain one is what people type and search for.
  return formatters[currency].format(cents / 100).replace(/\u00a0/g, ' ');
}

function balanceOf(cents: number, currency: Currency): Balance {
  return { balance: cents, currency, formatted: formatMoney(cents, currency) };
}

/** How a top-up is named in the ledger (stored once, in English) and in the caller's language. */
const TOPUP_DESCRIPTIONS = {
  pix: { en: 'Top-up via PIX', pt: 'Recarga via PIX' },
  card: { en: 'Top-up via card', pt: 'Recarga via cartão' },
  boleto: { en: 'Top-up via boleto', pt: 'Recarga via boleto' },
} as const;

/** What a customer reads for a staff credit or debit: neutral, whatever the staff's reason was. */
export const ADJUSTMENT_DESCRIPTION = { en: 'Balance adjustment', pt: 'Ajuste de saldo' } as const;

export function topupDescription(method: keyof typeof TOPUP_DESCRIPTIONS): string {
  return TOPUP_DESCRIPTIONS[method].en;
}

export function localiseDescription(description: string, lang: Lang): string {
  for (const texts of [...Object.values(TOPUP_DESCRIPTIONS), ADJUSTMENT_DESCRIPTION])
    if (texts.en === description) return texts[lang];
  return description;
}

export function createWalletService({
  ledger,
}: {
  ledger: Pick<LedgerService, 'walletBalance' | 'listWallets' | 'listWalletEntries'>;
}) {
  /** `known`: the balances the session read brought along, when it did (else they are read now). */
  async function balance(
    userId: string,
    currency: Currency,
    known?: WalletBalances | null,
  ): Promise<Balance> {
    return balanceOf(known?.[currency] ?? (await ledger.walletBalance(userId, currency)), currency);
  }

  return {
    balance,

    /** Both wallets, even one that money never touched (it reads as zero). */
    async list(
      userId: string,
      page: { skip: number; limit: number },
      known?: WalletBalances | null,
    ): Promise<WalletsPage> {
      const held = known
        ? new Map(Object.entries(known))
        : new Map((await ledger.listWallets(userId)).map((w) => [w.currency, w.balance]));
      const items = Currency.options.map((currency) => balanceOf(held.get(currency) ?? 0, currency));
      return {
        items: items.slice(page.skip, page.skip + page.limit),
        total: items.length,
        skip: page.skip,
        limit: page.limit,
      };
    },

    /** The wallet's movements, newest first; `currency` null means both wallets. */
    async transactions(
      userId: string,
      currency: Currency | null,
      page: { skip: number; limit: number },
      lang: Lang,
    ): Promise<TransactionsPage> {
      const { items, total } = await ledger.listWalletEntries(userId, currency, page.skip, page.limit);
      return {
        items: items.map((e) => ({
          id: e.id,
          kind: e.kind,
          amount: e.amount,
          balance_after: e.balanceAfter,
          currency: e.currency,
          description: localiseDescription(e.description, lang),
          reference: e.reference,
          created_at: new Date(e.createdAt).toISOString(),
        })),
        total,
        skip: page.skip,
        limit: page.limit,
      };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
