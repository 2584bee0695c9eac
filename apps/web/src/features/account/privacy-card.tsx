import { confirmsAccount, DeleteAccountRequest } from '@numero/contract/account-privacy';
import { Download, ShieldAlert, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardTitle } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { ApiError } from '../../lib/api-client.ts';
import { keyedResolver } from '../../lib/keyed-resolver.ts';
import { useSession } from '../../lib/session/session.tsx';
import { toast } from '../../lib/toast.ts';
import { getMyData, useDeleteAccount, useDeletionPreview } from './api/personal-data.ts';

/** Saves the export as a file: the browser's own download, no new tab. */
function saveJson(data: unknown, filename: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}

/** The contract's DeleteAccountRequest, naming this account (what the server checks before deleting). */
const deletionResolver = (email: string) =>
  keyedResolver<{ confirm_email: string }, DeleteAccountRequest>(
    DeleteAccountRequest.refine((body) => confirmsAccount(body, email), { path: ['confirm_email'] }),
    { confirm_email: 'delete.mismatch' },
  );

function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('privacy');
  const { logout } = useSession();
  const preview = useDeletionPreview(true);
  const remove = useDeleteAccount();
  const resolver = useMemo(() => deletionResolver(email), [email]);
  const form = useForm({ resolver, defaultValues: { confirm_email: '' } });
  const mismatch = form.formState.errors.confirm_email?.message;
  const [error, setError] = useState<string | null>(null);
  const balances = preview.data?.balances.filter((b) => b.amount > 0) ?? [];

  const confirm = form.handleSubmit((body) => {
    setError(null);
    remove.mutate(body, {
      onSuccess: async () => {
        toast.success(t('delete.done'));
        await logout();
      },
      onError: (err) => setError(err instanceof ApiError && err.detail ? err.detail : t('delete.error')),
    });
  });
  const message = mismatch ? t(mismatch) : error;

  return (
    <Dialog open onClose={onClose} title={t('delete.title')} closeLabel={t('close')}>
      <form onSubmit={(e) => void confirm(e)} noValidate className="flex flex-col gap-4">
        {preview.isPending ? (
          <Spinner label={t('delete.loading')} />
        ) : (
          <div className="space-y-2 text-sm text-slate-700" data-testid="deletion-preview">
            {balances.length > 0 ? (
              <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
                {t('delete.balance', {
                  amount: balances.map((b) => formatMoney(b.amount, b.currency, i18n.language)).join(' + '),
                })}
              </p>
            ) : (
              <p>{t('delete.noBalance')}</p>
            )}
            {(preview.data?.open_orders ?? 0) > 0 && <p>{t('delete.openOrders')}</p>}
            <p>{t('delete.what')}</p>
          </div>
        )}
        <TextField
          label={t('delete.confirmLabel', { email })}
          type="email"
          autoComplete="off"
          {...form.register('confirm_email')}
          aria-invalid={mismatch ? true : undefined}
        />
        {message && (
          <p role="alert" className="text-sm text-red-700">
            {message}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('delete.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={remove.isPending} disabled={preview.isPending}>
            {t('delete.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The profile's LGPD card: a copy of my data, and deleting my account. */
export function PrivacyCard() {
  const { t } = useTranslation('privacy');
  const { user } = useSession();
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!user) return null;
  const staff = user.role === 'ADMIN' || user.role === 'MANAGER';

  async function download() {
    setDownloading(true);
    try {
      saveJson(await getMyData(), 'numero-my-data.json');
    } catch {
      toast.error(t('export.error'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card data-testid="privacy-card">
      <CardTitle>
        <span className="inline-flex items-center gap-2">
          <ShieldAlert className="size-5 text-brand-700" aria-hidden />
          {t('title')}
        </span>
      </CardTitle>
      <p className="mb-4 text-sm text-slate-600">
        {t('intro')}{' '}
        <Link to="/privacy" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          {t('policy')}
        </Link>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="secondary"
          loading={downloading}
          icon={<Download className="size-4" aria-hidden />}
          onClick={() => void download()}
        >
          {t('export.button')}
        </Button>
        {!staff && (
          <Button
            variant="danger"
            icon={<Trash2 className="size-4" aria-hidden />}
            onClick={() => setDeleting(true)}
          >
            {t('delete.button')}
          </Button>
        )}
      </div>
      {deleting && <DeleteAccountDialog email={user.email} onClose={() => setDeleting(false)} />}
    </Card>
  );
}
