import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStoreInfo } from '../lib/store-info.ts';

/**
 * On every page of the offline demo: nothing paid or bought here is real, and nobody should think it
 * is. Production without DEMO_MODE never shows it (the server refuses to start such a store).
 * The server marks a demo store's pages (`<html data-demo="true">`), so the banner is in the first
 * paint, the pre-rendered landing's included, instead of pushing the page down when the store's answer
 * arrives; until then it shows only on a marked page, and the answer decides after.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  const info = useStoreInfo();
  if (info && !info.demo) return null;
  const shown = info ? 'flex' : 'hidden in-data-demo:flex';
  return (
    <aside
      aria-label={t('demo.label')}
      data-testid="demo-banner"
      className={`${shown} items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950`}
    >
      <FlaskConical className="size-4 shrink-0" aria-hidden />
      <span>{t('demo.text')}</span>
    </aside>
  );
}
