import type { StoreInfo } from '@numero/contract/common';
import { FlaskConical } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api-client.ts';

/**
 * Read once per visit: whether the store runs on test payments and simulated numbers. Kept out of the
 * query cache, which signing out clears: the store does not change with who is signed in.
 */
function useStoreInfo(): StoreInfo | null {
  const [info, setInfo] = useState<StoreInfo | null>(null);
  useEffect(() => {
    let live = true;
    api<StoreInfo>('/api/v1/store', { redirectOn401: false })
      .then((answer) => live && setInfo(answer))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return info;
}

/**
 * On every page of the offline demo: nothing paid or bought here is real, and nobody should think it
 * is. Production without DEMO_MODE never shows it (the server refuses to start such a store).
 */
export function DemoBanner() {
  const { t } = useTranslation();
  const info = useStoreInfo();
  if (!info?.demo) return null;
  return (
    <aside
      aria-label={t('demo.label')}
      data-testid="demo-banner"
      className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950"
    >
      <FlaskConical className="size-4 shrink-0" aria-hidden />
      <span>{t('demo.text')}</span>
    </aside>
  );
}
