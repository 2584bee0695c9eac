import type { ApiKey } from '@numero/contract/account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';

/** Asks before revoking: a revoked key cannot come back, and the bots using it stop at once. */
export function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation('api-keys');
  const revoke = useRevokeApiKey();
  const [error, setError] = useState<string | null>(null);

  function confirm() {
    setError(null);
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        toast.success(t('revoke.success'));
        onClose();
      },
      onError: (err) => setError(err instanceof ApiError && err.detail ? err.detail : t('revoke.error')),
    });
  }

  return (
    <Dialog open onClose={onClose} title={t('revoke.title')} closeLabel={t('close')}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          {t('revoke.confirm', { name: apiKey.name, prefix: apiKey.prefix })}
        </p>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('revoke.cancel')}
          </Button>
          <Button variant="danger" loading={revoke.isPending} onClick={confirm}>
            {revoke.isPending ? t('revoke.submitting') : t('revoke.submit')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
