import type { CatalogImportResult } from '@numero/contract/catalog-pricing';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { providerName } from '../../../lib/provider-name.ts';

/** What an import changed, in the order staff read it: what arrived, what moved, what went off or back on sale. */
const CHANGES = [
  'new_services',
  'new_countries',
  'new_products',
  'costs_changed',
  'stock_changed',
  'withdrawn',
  'relisted',
  'paused',
  'unpaused',
] as const satisfies readonly (keyof CatalogImportResult)[];

/**
 * The result of a catalogue import an ADMIN just ran: each seller's offers or why it could not be read,
 * then the counts that are not zero ("nothing changed" when none is). Offers left out are not a change,
 * so they are listed apart.
 */
export function CatalogImportSummary({
  result,
  onClose,
}: {
  result: CatalogImportResult;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-pricing');
  const changes = CHANGES.filter((key) => result[key] > 0);
  return (
    <Card className="mt-4" role="region" aria-label={t('import.resultTitle')}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{t('import.resultTitle')}</h3>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t('import.close')}
        </Button>
      </div>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        <div>
          <h4 className="text-sm font-medium text-slate-700">{t('import.sellers')}</h4>
          {result.providers.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">{t('import.noSellers')}</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm" data-testid="catalog-import-sellers">
              {result.providers.map((p) => (
                <li key={p.provider} className={p.error === null ? 'text-slate-700' : 'text-red-700'}>
                  {p.error === null
                    ? t('import.offers', { provider: providerName(p.provider, t), count: p.offers })
                    : t('import.sellerFailed', { provider: providerName(p.provider, t), error: p.error })}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h4 className="text-sm font-medium text-slate-700">{t('import.changes')}</h4>
          {changes.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">{t('import.nothingChanged')}</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm text-slate-700" data-testid="catalog-import-changes">
              {changes.map((key) => (
                <li key={key}>{t(`import.counts.${key}`, { count: result[key] })}</li>
              ))}
            </ul>
          )}
          {result.skipped > 0 && (
            <p className="mt-2 text-sm text-amber-800">{t('import.skipped', { count: result.skipped })}</p>
          )}
        </div>
      </div>
    </Card>
  );
}
