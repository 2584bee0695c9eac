import { MAX_SERVICES_PER_NUMBER } from '@numero/contract/activation-reuse';
import type { ProductOffer } from '@numero/contract/catalog';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceIcon } from '../../components/brand-icons.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useProducts } from '../../features/catalog/api/get-products.ts';
import { formatMoney } from '../../i18n/format.ts';
import { normaliseLanguage } from '../../i18n/index.ts';

/**
 * "Add another service on this number": the other services sold in the offer's country, priced in its
 * currency, up to four services in all. Each one chosen is another activation on the same number, charged
 * and refunded on its own; the purchase dialog adds their prices to the total.
 */
export function ExtraServices({
  offer,
  chosen,
  onChange,
}: {
  offer: ProductOffer;
  chosen: ProductOffer[];
  onChange: (next: ProductOffer[]) => void;
}) {
  const { t, i18n } = useTranslation('customer');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const [open, setOpen] = useState(false);
  const others = useProducts(
    { country: offer.country_code, currency: offer.currency, lang, in_stock: true, limit: 100 },
    open,
  );
  const taken = new Set([offer.service_code, ...chosen.map((c) => c.service_code)]);
  const left = (others.data ?? []).filter((p) => p.available && !taken.has(p.service_code));
  const full = chosen.length + 1 >= MAX_SERVICES_PER_NUMBER;
  const money = (p: ProductOffer) => formatMoney(p.price, p.currency, lang);

  return (
    <div className="mt-4" data-testid="purchase-extra-services">
      {chosen.length > 0 && (
        <ul className="mb-2 flex flex-col gap-2">
          {chosen.map((p) => (
            <li
              key={p.id}
              className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 px-3 text-sm"
              data-testid="purchase-extra-service"
            >
              <ServiceIcon code={p.service_code} name={p.service_name} className="size-4" />
              <span className="min-w-0 flex-1 font-medium">{p.service_name}</span>
              <span className="tabular-nums">{money(p)}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('purchase.extra.remove', { service: p.service_name })}
                onClick={() => onChange(chosen.filter((c) => c.id !== p.id))}
                icon={<X className="size-4" aria-hidden />}
              />
            </li>
          ))}
        </ul>
      )}
      {open && !full ? (
        <div>
          <label htmlFor="purchase-extra" className="mb-1 block text-sm font-medium text-slate-700">
            {t('purchase.extra.label')}
          </label>
          <select
            id="purchase-extra"
            value=""
            aria-describedby="purchase-extra-hint"
            disabled={others.isPending}
            onChange={(e) => {
              const picked = left.find((p) => String(p.id) === e.target.value);
              if (picked) onChange([...chosen, picked]);
            }}
            className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <option value="">{t('purchase.extra.choose')}</option>
            {left.map((p) => (
              <option key={p.id} value={p.id}>
                {`${p.service_name} · ${money(p)}`}
              </option>
            ))}
          </select>
          <p id="purchase-extra-hint" className="mt-1 text-xs text-slate-600">
            {!others.isPending && left.length === 0
              ? t('purchase.extra.none')
              : t('purchase.extra.hint', { max: MAX_SERVICES_PER_NUMBER })}
          </p>
        </div>
      ) : (
        !full && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setOpen(true)}
            icon={<Plus className="size-4" aria-hidden />}
            data-testid="purchase-add-service"
          >
            {t('purchase.extra.add')}
          </Button>
        )
      )}
    </div>
  );
}
