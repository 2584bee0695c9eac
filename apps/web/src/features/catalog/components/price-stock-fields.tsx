import { MAX_PRICE_CENTS, MAX_STOCK } from '@numero/contract/catalog';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/field.tsx';
import { formatMoney, localeFor } from '../../../i18n/format.ts';
import { normaliseLanguage } from '../../../i18n/index.ts';
import type { PriceStockText } from '../product-form.ts';

/**
 * A product's price in reais and in dollars and its stock, as the new-product form and the edit dialog
 * ask; inside either form's FormProvider, whose resolver checks them (errors show after the first submit).
 */
export function PriceStockFields({ stockLabel }: { stockLabel: string }) {
  const { t, i18n } = useTranslation('admin-products');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const {
    register,
    formState: { errors },
  } = useFormContext<PriceStockText>();
  const priceError = (field: 'priceBrl' | 'priceUsd', currency: 'BRL' | 'USD') => {
    const key = errors[field]?.message;
    return key ? t(key, { max: formatMoney(MAX_PRICE_CENTS, currency, lang) }) : null;
  };
  const stockError = errors.stock?.message;

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('edit.priceBrl')}
          {...register('priceBrl')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('edit.priceHint')}
          error={priceError('priceBrl', 'BRL')}
          required
        />
        <TextField
          label={t('edit.priceUsd')}
          {...register('priceUsd')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('edit.priceHint')}
          error={priceError('priceUsd', 'USD')}
          required
        />
      </div>
      <TextField
        label={stockLabel}
        {...register('stock')}
        inputMode="numeric"
        autoComplete="off"
        hint={t('edit.stockHint')}
        error={stockError ? t(stockError, { max: MAX_STOCK.toLocaleString(localeFor(lang)) }) : null}
        required
      />
    </>
  );
}
