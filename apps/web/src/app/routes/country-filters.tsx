import { PRODUCT_SORTS, type ProductSort } from '@numero/contract/catalog';
import { useTranslation } from 'react-i18next';
import { CheckboxField, SearchField, SelectField, TextField } from '../../components/ui/field.tsx';
import { readPrice } from '../../features/catalog/money-input.ts';

/** What a customer narrows a service's countries by; prices as typed, read when they are amounts. */
export interface CountryFilters {
  q: string;
  sort: ProductSort;
  inStock: boolean;
  minPrice: string;
  maxPrice: string;
  /** A share 0–1 as text ("" for any). */
  minSuccess: string;
}

export const NO_FILTERS: CountryFilters = {
  q: '',
  sort: 'popular',
  inStock: false,
  minPrice: '',
  maxPrice: '',
  minSuccess: '',
};

const SUCCESS_STEPS = ['0.5', '0.7', '0.9'];

/** A typed price bound as cents; undefined when blank or not written as an amount (the field says so). */
const bound = (text: string) => (text.trim() === '' ? undefined : (readPrice(text) ?? undefined));
const unreadable = (text: string) => text.trim() !== '' && readPrice(text) === null;

/** The query the filters make: bounds that are not amounts are left out, and a reversed range swapped. */
export function filterQuery(f: CountryFilters) {
  let [min, max] = [bound(f.minPrice), bound(f.maxPrice)];
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return {
    q: f.q.trim() || undefined,
    sort: f.sort,
    in_stock: f.inStock || undefined,
    min_price: min,
    max_price: max,
    min_success: f.minSuccess ? Number(f.minSuccess) : undefined,
  };
}

/** The search, sort and filters above a service's countries. */
export function CountryFilterBar({
  value,
  onChange,
  lang,
}: {
  value: CountryFilters;
  onChange: (next: CountryFilters) => void;
  lang: string;
}) {
  const { t } = useTranslation('products');
  const set = <K extends keyof CountryFilters>(key: K, v: CountryFilters[K]) =>
    onChange({ ...value, [key]: v });
  const percent = new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'pt-BR', { style: 'percent' });
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end" data-testid="country-filters">
      <SearchField
        className="lg:col-span-2"
        label={t('countries.search')}
        value={value.q}
        onChange={(e) => set('q', e.target.value)}
        autoComplete="off"
      />
      <SelectField
        label={t('filters.sort')}
        value={value.sort}
        onChange={(e) => set('sort', e.target.value as ProductSort)}
      >
        {PRODUCT_SORTS.map((s) => (
          <option key={s} value={s}>
            {t(`filters.sorts.${s}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('filters.minSuccess')}
        value={value.minSuccess}
        onChange={(e) => set('minSuccess', e.target.value)}
      >
        <option value="">{t('filters.anySuccess')}</option>
        {SUCCESS_STEPS.map((s) => (
          <option key={s} value={s}>
            {t('filters.atLeast', { rate: percent.format(Number(s)) })}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('filters.minPrice')}
        inputMode="decimal"
        value={value.minPrice}
        onChange={(e) => set('minPrice', e.target.value)}
        error={unreadable(value.minPrice) ? t('filters.badPrice') : null}
        autoComplete="off"
      />
      <TextField
        label={t('filters.maxPrice')}
        inputMode="decimal"
        value={value.maxPrice}
        onChange={(e) => set('maxPrice', e.target.value)}
        error={unreadable(value.maxPrice) ? t('filters.badPrice') : null}
        autoComplete="off"
      />
      <CheckboxField
        className="sm:col-span-2 lg:col-span-6"
        label={t('filters.inStock')}
        checked={value.inStock}
        onChange={(e) => set('inStock', e.target.checked)}
      />
    </div>
  );
}
