import { type ApiKey, MAX_ACTIVE_API_KEYS } from '@numero/contract/account';
import { HANDLER_API_PATH } from '@numero/contract/reseller';
import { BookOpen, KeyRound, Plus, Settings, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardTitle } from '../../components/ui/card.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { useApiKeys } from './api/get-api-keys.ts';
import { CreateKeyDialog } from './components/create-key-dialog.tsx';
import { KeySettingsDialog } from './components/key-settings-dialog.tsx';
import { RevokeKeyDialog } from './components/revoke-key-dialog.tsx';

/** The profile's card for reseller API keys: list, create (the key is shown once) and revoke. */
export function ApiKeysCard() {
  const { t, i18n } = useTranslation('api-keys');
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const items = keys.data?.items ?? [];
  const atLimit = (keys.data?.total ?? 0) >= MAX_ACTIVE_API_KEYS;
  const when = (value: string) => formatDateTime(value, i18n.language);

  let body: ReactNode;
  if (keys.isPending) {
    body = (
      <div className="flex flex-col gap-2" data-testid="api-keys-loading">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
    );
  } else if (keys.isError) {
    body = <ErrorState message={t('error')} retryLabel={t('retry')} onRetry={() => void keys.refetch()} />;
  } else if (items.length === 0) {
    body = <EmptyState title={t('empty.title')}>{t('empty.body')}</EmptyState>;
  } else {
    body = (
      <DataTable
        label={t('table.label')}
        rows={items}
        rowKey={(key) => key.id}
        columns={[
          {
            header: t('table.name'),
            card: 'title',
            className: 'font-medium text-slate-900',
            cell: (k) => k.name,
          },
          { header: t('table.prefix'), className: 'font-mono text-xs', cell: (k) => `${k.prefix}…` },
          { header: t('table.created'), cell: (k) => when(k.created_at) },
          {
            header: t('table.lastUsed'),
            cell: (k) =>
              k.last_used_at ? (
                when(k.last_used_at)
              ) : (
                <span className="text-slate-500">{t('table.never')}</span>
              ),
          },
          { header: t('table.currency'), card: 'badge', cell: (k) => k.currency },
          {
            header: t('table.webhook'),
            cell: (k) =>
              k.webhook_url ? (
                <span className="break-all font-mono text-xs">{k.webhook_url}</span>
              ) : (
                <span className="text-slate-500">{t('table.noWebhook')}</span>
              ),
          },
          {
            header: t('table.actions'),
            srOnlyHeader: true,
            card: 'actions',
            className: 'text-right whitespace-nowrap',
            cell: (k) => (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  className="min-h-11"
                  aria-label={t('settings.actionLabel', { name: k.name })}
                  icon={<Settings className="size-4" aria-hidden />}
                  onClick={() => setEditing(k)}
                >
                  {t('settings.action')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="min-h-11 text-red-700 hover:bg-red-50"
                  aria-label={t('revoke.actionLabel', { name: k.name })}
                  icon={<Trash2 className="size-4" aria-hidden />}
                  onClick={() => setRevoking(k)}
                >
                  {t('revoke.action')}
                </Button>
              </>
            ),
          },
        ]}
      />
    );
  }

  return (
    <Card data-testid="api-keys-card">
      <CardTitle
        action={
          <Button
            size="sm"
            className="min-h-11"
            icon={<Plus className="size-4" aria-hidden />}
            disabled={!keys.isSuccess || atLimit}
            onClick={() => setCreating(true)}
          >
            {t('new')}
          </Button>
        }
      >
        <span className="inline-flex items-center gap-2">
          <KeyRound className="size-5 text-brand-700" aria-hidden />
          {t('title')}
        </span>
      </CardTitle>
      <p className="mb-3 text-sm text-slate-600">{t('intro')}</p>
      <p className="mb-4 text-sm text-slate-600">
        {t('endpoint')}:{' '}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all text-slate-800">
          {`${window.location.origin}${HANDLER_API_PATH}`}
        </code>
      </p>
      <p className="mb-4 text-sm">
        <Link
          to="/docs/api"
          className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 hover:underline"
        >
          <BookOpen className="size-4" aria-hidden />
          {t('docsLink')}
        </Link>
      </p>
      {body}
      {keys.isSuccess && items.length > 0 && (
        <p className="mt-3 text-xs text-slate-500">
          {atLimit
            ? t('limitReached', { max: MAX_ACTIVE_API_KEYS })
            : t('usage', { count: keys.data.total, max: MAX_ACTIVE_API_KEYS })}
        </p>
      )}
      {creating && <CreateKeyDialog onClose={() => setCreating(false)} />}
      {revoking && <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
      {editing && <KeySettingsDialog apiKey={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
