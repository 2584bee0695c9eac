import type { ActivationStatus } from '@numero/contract/activations';
import type { AuditAction } from '@numero/contract/admin';
import type { Currency } from '@numero/contract/common';
import type { RentalStatus } from '@numero/contract/rentals';
import type { PaymentStatus, TRANSACTION_KINDS } from '@numero/contract/wallet';
import type { Lang } from '../../http/lang.ts';
import { formatMoney } from '../wallet/wallet.service.ts';

type Words<K extends string> = Record<K, { pt: string; en: string }>;

/** What each movement of money meant to the customer (the ledger's kinds are bookkeeping terms). */
const TRANSACTION_WORDS: Words<(typeof TRANSACTION_KINDS)[number]> = {
  topup: { pt: 'Recarga de saldo', en: 'Balance top-up' },
  purchase: {
    pt: 'Compra de número: valor reservado do saldo',
    en: 'Number bought: price held from the balance',
  },
  capture: {
    pt: 'Código recebido: valor reservado cobrado',
    en: 'Code received: the held price was charged',
  },
  refund: { pt: 'Reembolso ao saldo', en: 'Refund to the balance' },
  adjustment: { pt: 'Ajuste de saldo pela equipe', en: 'Balance adjustment by staff' },
};

const ORDER_WORDS: Words<ActivationStatus> = {
  pending: { pt: 'Reservando número', en: 'Reserving a number' },
  waiting_sms: { pt: 'Aguardando SMS', en: 'Waiting for the SMS' },
  code_received: { pt: 'Código recebido', en: 'Code received' },
  finished: { pt: 'Concluído', en: 'Finished' },
  cancelled: { pt: 'Cancelado', en: 'Cancelled' },
  expired: { pt: 'Expirado', en: 'Expired' },
  failed: { pt: 'Falhou', en: 'Failed' },
};

const RENTAL_WORDS: Words<RentalStatus> = {
  pending: { pt: 'Reservando número', en: 'Reserving a number' },
  active: { pt: 'Ativa', en: 'Active' },
  finished: { pt: 'Encerrada', en: 'Finished' },
  cancelled: { pt: 'Cancelada e reembolsada', en: 'Cancelled and refunded' },
  expired: { pt: 'Prazo terminado', en: 'Ended' },
  failed: { pt: 'Falhou e reembolsada', en: 'Failed and refunded' },
};

const TOP_UP_WORDS: Words<PaymentStatus> = {
  pending: { pt: 'Aguardando pagamento', en: 'Awaiting payment' },
  paid: { pt: 'Pago', en: 'Paid' },
  failed: { pt: 'Recusado', en: 'Declined' },
  expired: { pt: 'Expirado', en: 'Expired' },
  cancelled: { pt: 'Cancelado', en: 'Cancelled' },
};

const AUDIT_WORDS: Words<AuditAction> = {
  UPDATE_ROLE: { pt: 'Perfil de acesso alterado', en: 'Access role changed' },
  CREATE: { pt: 'Criação', en: 'Created' },
  UPDATE: { pt: 'Dados alterados', en: 'Details changed' },
  DELETE: { pt: 'Exclusão', en: 'Deleted' },
  REORDER: { pt: 'Nova ordem', en: 'Reordered' },
  LOGIN: { pt: 'Entrada na conta', en: 'Signed in' },
  LOGOUT: { pt: 'Saída da conta', en: 'Signed out' },
  LOGIN_FAILED: { pt: 'Tentativa de entrada recusada', en: 'Sign-in refused' },
  REGISTER: { pt: 'Conta criada', en: 'Account created' },
  REVOKE_SESSIONS: { pt: 'Sessões encerradas pela equipe', en: 'Sessions ended by staff' },
  UPDATE_SETTINGS: { pt: 'Configurações da loja alteradas', en: 'Store settings changed' },
  PASSWORD_CHANGE: { pt: 'Senha trocada', en: 'Password changed' },
  PASSWORD_RESET_REQUESTED: { pt: 'Redefinição de senha pedida', en: 'Password reset requested' },
  PASSWORD_RESET: { pt: 'Senha redefinida', en: 'Password reset' },
  ISSUE_TEMPORARY_PASSWORD: {
    pt: 'Senha temporária emitida pela equipe',
    en: 'Temporary password issued by staff',
  },
  EMAIL_CHANGE_REQUESTED: { pt: 'Troca de email pedida', en: 'Email change requested' },
  EMAIL_CHANGED: { pt: 'Email trocado', en: 'Email changed' },
  EMAIL_VERIFIED: { pt: 'Email confirmado', en: 'Email confirmed' },
  TWO_FACTOR_ENABLED: { pt: 'Verificação em duas etapas ativada', en: 'Two-step verification turned on' },
  TWO_FACTOR_DISABLED: {
    pt: 'Verificação em duas etapas desativada',
    en: 'Two-step verification turned off',
  },
  DATA_EXPORT: { pt: 'Cópia dos dados baixada', en: 'Personal data downloaded' },
  ACCOUNT_DELETED: { pt: 'Conta excluída', en: 'Account deleted' },
  WALLET_ADJUSTMENT: { pt: 'Ajuste de saldo pela equipe', en: 'Balance adjustment by staff' },
  APPLY_PRICING: { pt: 'Preços aplicados', en: 'Prices applied' },
  UPDATE_COSTS: { pt: 'Custos atualizados', en: 'Costs updated' },
  SYNC_COSTS: { pt: 'Custos sincronizados', en: 'Costs synced' },
  IMPORT_CATALOG: { pt: 'Catálogo importado', en: 'Catalogue imported' },
  CREATE_PRICING_RULE: { pt: 'Regra de preços salva', en: 'Pricing rule saved' },
  UPDATE_PRICING_RULE: { pt: 'Regra de preços alterada', en: 'Pricing rule changed' },
  DELETE_PRICING_RULE: { pt: 'Regra de preços excluída', en: 'Pricing rule deleted' },
  RENT_NUMBER: { pt: 'Número alugado', en: 'Number rented' },
  EXTEND_RENTAL: { pt: 'Locação prorrogada', en: 'Rental extended' },
  CANCEL_RENTAL: { pt: 'Locação cancelada', en: 'Rental cancelled' },
  FINISH_RENTAL: { pt: 'Locação encerrada', en: 'Rental finished' },
  UPDATE_RENTAL_SETTINGS: { pt: 'Regras de locação alteradas', en: 'Rental rules changed' },
  UPDATE_RENTABLE: { pt: 'Locação do produto alterada', en: 'Product rentability changed' },
};

/** How the file's amounts read, in the customer's words (the export's `units`). */
export const MONEY_UNITS = {
  pt: 'Valores em centavos inteiros da moeda da linha (campos *_cents; amount, price e balance trazem o mesmo número, como em arquivos anteriores); *_formatted é o mesmo valor escrito como dinheiro, ex.: 500 em BRL = R$ 5,00.',
  en: "Amounts are whole cents of the row's currency (fields *_cents; amount, price and balance hold the same number, as in earlier files); *_formatted is that amount written as money, e.g. 500 in BRL = R$ 5,00.",
} as const;

const wordFor = <K extends string>(words: Words<K>, code: unknown, lang: Lang): string | null =>
  typeof code === 'string' && code in words ? words[code as K][lang] : null;

/** Cents as the export writes them: the number, and the same amount as money. */
export function money(field: string, cents: unknown, currency: unknown) {
  const amount = Number(cents);
  const known = currency === 'BRL' || currency === 'USD';
  return {
    [`${field}_cents`]: amount,
    ...(known ? { [`${field}_formatted`]: formatMoney(amount, currency as Currency) } : {}),
  };
}

export const transactionWords = (kind: unknown, lang: Lang) => wordFor(TRANSACTION_WORDS, kind, lang);
export const orderWords = (status: unknown, lang: Lang) => wordFor(ORDER_WORDS, status, lang);
export const rentalWords = (status: unknown, lang: Lang) => wordFor(RENTAL_WORDS, status, lang);
export const topUpWords = (status: unknown, lang: Lang) => wordFor(TOP_UP_WORDS, status, lang);
export const auditWords = (action: unknown, lang: Lang) => wordFor(AUDIT_WORDS, action, lang);
