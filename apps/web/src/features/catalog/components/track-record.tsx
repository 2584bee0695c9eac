import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';
import { type TrackRecordFields, trackRecordParts } from '../track-record.ts';

/** "Taxa de sucesso: 92% · Código em ~45 s", or "Sem dados suficientes" while the sample is too small. */
export function TrackRecord({ offer, className }: { offer: TrackRecordFields; className?: string }) {
  const { t, i18n } = useTranslation('products');
  const parts = trackRecordParts(offer, i18n.resolvedLanguage ?? i18n.language);
  return (
    <span className={cn('tabular-nums', className)} data-testid="track-record">
      {parts.map((p, i) => (
        // A narrow screen breaks the line before "· Código em …", never inside a part.
        <Fragment key={p.key}>
          {i > 0 && ' '}
          <span className="whitespace-nowrap">
            {i > 0 && '· '}
            {t(p.key, p.values)}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
