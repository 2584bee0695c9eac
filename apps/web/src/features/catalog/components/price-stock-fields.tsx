import { MAX_PRICE_CENTS, MAX_STOCK } from '@numero/contract/catalog';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/field.tsx';
import { formatMoney, localeFor } from '../../../i18n/format.ts';
import { normaliseLanguage } from '../../../i18n/index.ts';
import { parsePrice, parseStock } from '../money-input.ts';

/** The price and stock fields as typed. */
export interface PriceStockText {
  priceBrl: string;
  priceUsd: string;
  stock: string;
}

/** Cents and the count read from the fields; null where a field does not hold a valid value. */
export function parsePriceStock(text: PriceStockText) {
  return {
    brl: parsePrice(text.priceBrl),
    usd: parsePrice(text.priceUsd),
    stock: parseStock(text.stock, MAX_STOCK),
  };
}

/** A product's price in reais and in dollars and its stock, as the new-product form and the edit dialog ask. */
export function PriceStockFields({
  value,
  onChange,
  showErrors,
  stockLabel,
}: {
  value: PriceStockText;
  onChange: (value: PriceStockText) => void;
  /** Errors wait for the first submit: an empty form is not wrong yet. */
  showErrors: boolean;
  stockLabel: string;
}) {
  const { t, i18n } = useTranslation('admin-products');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const parsed = parsePriceStock(value);
  const priceError = (cents: number | null, currency: 'BRL' | 'USD') =>
    showErrors && cents === null
      ? t('edit.invalidPrice', { max: formatMoney(MAX_PRICE_CENTS, currency, lang) })
      : null;
  const set = (field: keyof PriceStockText) => (e: { target: { value: string } }) =>
    onChange({ ...value, [field]: e.target.value });

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('edit.priceBrl')}
          value={value.priceBrl}
          onChange={set('priceBrl')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('edit.priceHint')}
          error={priceError(parsed.brl, 'BRL')}
          required
        />
        <TextField
          label={t('edit.priceUsd')}
          value={value.priceUsd}
          onChange={set('priceUsd')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('edit.priceHint')}
          error={priceError(parsed.usd, 'USD')}
          required
        />
      </div>
      <TextField
        label={stockLabel}
        value={value.stock}
        onChange={set('stock')}
        inputMode="numeric"
        autoComplete="off"
        hint={t('edit.stockHint')}
        error={
          showErrors && parsed.stock === null
            ? t('edit.invalidStock', { max: MAX_STOCK.toLocaleString(localeFor(lang)) })
            : null
        }
        required
      />
    </>
  );
}
