import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServiceIcon } from '../../../components/brand-icons.tsx';
import { CountryFlag } from '../../../components/country-flag.tsx';
import { currencyFor, formatMoney } from '../../../i18n/format.ts';
import { normaliseLanguage } from '../../../i18n/index.ts';
import { registerThen } from '../../../lib/session/next-path.ts';
import { usePopularOffers } from '../api/get-popular-offers.ts';

const COUNTRY = 'BR';

/** One-click starts: a popular service in Brasil, straight to its purchase (through sign-up for a visitor). */
export function PopularPicks({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation('landing');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const offers = usePopularOffers({ country: COUNTRY, currency: currencyFor(lang), lang });
  // The most sought services in stock, as the server orders them.
  const picks = offers.data ?? [];
  if (picks.length === 0) return null;
  return (
    <div className="mt-10">
      {/* Not a heading: the section's headings are its product cards. */}
      <p id="popular-picks" className="text-sm font-semibold text-slate-900">
        {t('picks.title')}
      </p>
      <ul
        aria-labelledby="popular-picks"
        className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="popular-picks"
      >
        {picks.map((o) => {
          const path = `/dashboard/products?service=${o.service_code}&country=${o.country_code}`;
          return (
            <li key={o.id} className="flex">
              <Link
                to={signedIn ? path : registerThen(path)}
                data-testid={`pick-${o.service_code}-${o.country_code}`}
                className="group flex min-h-11 w-full items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40"
              >
                <ServiceIcon code={o.service_code} name={o.service_name} className="size-6" />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-x-2 font-semibold break-words text-slate-900">
                    {t('picks.item', { service: o.service_name, country: o.country_name })}
                    <CountryFlag code={o.country_code} />
                  </span>
                  <span className="block text-slate-600 tabular-nums">
                    {formatMoney(o.price, o.currency, lang)}
                  </span>
                </span>
                <ArrowRight
                  className="size-4 shrink-0 text-slate-400 group-hover:text-brand-700"
                  aria-hidden
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
