import type { SmsProviderView } from '@numero/contract/admin-reports';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminPage, PageHeader } from '../../components/admin-list-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { Badge, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { formatDateTime, localeFor } from '../../i18n/format.ts';
import { providerName } from '../../lib/provider-name.ts';
import { isAdmin } from '../../lib/roles.ts';
import { useSession } from '../../lib/session/session.tsx';
import { useSmsProviders, useUpdateSmsProviders } from './api/sms-providers.ts';
import { dashboardErrorMessage } from './error-message.ts';

const statusTone = { up: 'success', down: 'danger', unknown: 'neutral' } as const;

/** /admin/sms: the upstream number providers (health, failover order, on/off, performance) and the latest SMS. */
export function SmsPage() {
  const { t, i18n } = useTranslation('admin-sms');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const { user } = useSession();
  const canWrite = isAdmin(user);
  const list = useSmsProviders();
  const save = useUpdateSmsProviders();
  const pct = (x: number | null) =>
    x === null
      ? '—'
      : new Intl.NumberFormat(localeFor(lang), { style: 'percent', maximumFractionDigits: 1 }).format(x);
  const seconds = (x: number | null) => (x === null ? '—' : t('seconds', { count: Math.round(x) }));

  function send(providers: SmsProviderView[], disabled: string[]) {
    save.mutate({ order: providers.map((p) => p.name), disabled });
  }

  return (
    <AdminPage width="6xl">
      <PageHeader back={{ to: '/admin', label: t('back') }} title={t('title')} subtitle={t('subtitle')} />
      <div className="mt-6 flex flex-col gap-6">
        {save.isError && <ErrorState message={dashboardErrorMessage(save.error, t)} />}
        {list.isPending ? (
          <Spinner label={t('loading')} className="min-h-40" />
        ) : list.isError ? (
          <ErrorState message={dashboardErrorMessage(list.error, t)} />
        ) : (
          <>
            <ProvidersTable
              providers={list.data.providers}
              canWrite={canWrite}
              busy={save.isPending}
              send={send}
              pct={pct}
              seconds={seconds}
              lang={lang}
            />
            <p className="text-sm text-slate-600">{t('credentials')}</p>
            <section>
              <h2 className="mb-3 text-lg font-semibold text-slate-900">{t('latest')}</h2>
              {list.data.latest_sms.length === 0 ? (
                <p className="text-sm text-slate-600">{t('noSms')}</p>
              ) : (
                <DataTable
                  label={t('latest')}
                  bodyTestId="latest-sms"
                  rows={list.data.latest_sms}
                  rowKey={(m) => `${m.activation_id}-${m.received_at}`}
                  columns={[
                    { header: t('received'), cell: (m) => formatDateTime(m.received_at, lang) },
                    {
                      header: t('activation'),
                      className: 'font-mono text-xs',
                      cell: (m) => `#${m.activation_id.slice(0, 8)}`,
                    },
                    {
                      header: t('product'),
                      card: 'title',
                      cell: (m) => `${m.service_code.toUpperCase()} · ${m.country_code}`,
                    },
                    { header: t('name'), cell: (m) => (m.provider ? providerName(m.provider, t) : '—') },
                    {
                      header: t('code'),
                      card: 'badge',
                      className: 'font-mono',
                      cell: (m) => <span className="font-mono">{m.code}</span>,
                    },
                  ]}
                />
              )}
            </section>
          </>
        )}
      </div>
    </AdminPage>
  );
}

/** The providers in failover order: health, figures, on/off and (ADMIN) moving one up or down. */
function ProvidersTable({
  providers,
  canWrite,
  busy,
  send,
  pct,
  seconds,
  lang,
}: {
  providers: SmsProviderView[];
  canWrite: boolean;
  busy: boolean;
  send: (providers: SmsProviderView[], disabled: string[]) => void;
  pct: (x: number | null) => string;
  seconds: (x: number | null) => string;
  lang: string;
}) {
  const { t } = useTranslation('admin-sms');
  const disabled = providers.filter((x) => !x.enabled).map((x) => x.name);
  const move = (i: number, by: -1 | 1) => {
    const next = [...providers];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    send(next, disabled);
  };
  return (
    <DataTable
      label={t('providers')}
      rows={providers}
      rowKey={(p) => p.name}
      rowProps={(p) => ({ 'data-testid': `provider-${p.name}` })}
      columns={[
        { header: t('position'), cell: (p) => p.position },
        {
          header: t('name'),
          card: 'title',
          className: 'font-medium',
          cell: (p) => providerName(p.name, t),
        },
        {
          header: t('status'),
          cell: (p) => (
            <>
              <Badge tone={statusTone[p.status]}>{t(`statuses.${p.status}`)}</Badge>
              {p.checked_at && (
                <span className="ml-2 text-xs text-slate-500">
                  {formatDateTime(p.checked_at, lang)}
                  {p.latency_ms !== null && ` · ${p.latency_ms} ms`}
                </span>
              )}
            </>
          ),
        },
        { header: t('orders'), numeric: true, cell: (p) => p.orders },
        { header: t('success'), numeric: true, cell: (p) => pct(p.success_rate) },
        { header: t('median'), numeric: true, cell: (p) => seconds(p.median_seconds_to_code) },
        {
          header: t('enabled'),
          card: 'badge',
          cell: (p) => (
            <input
              type="checkbox"
              className="size-6 accent-brand-700"
              aria-label={t('enabledOf', { name: providerName(p.name, t) })}
              checked={p.enabled}
              disabled={!canWrite || busy}
              onChange={(e) =>
                send(
                  providers,
                  e.target.checked ? disabled.filter((n) => n !== p.name) : [...disabled, p.name],
                )
              }
            />
          ),
        },
        canWrite && {
          header: t('order'),
          card: 'actions',
          cell: (p) => {
            const i = providers.indexOf(p);
            return (
              <span className="flex gap-1">
                <Button
                  variant="ghost"
                  aria-label={t('up', { name: providerName(p.name, t) })}
                  disabled={i === 0 || busy}
                  onClick={() => move(i, -1)}
                  icon={<ArrowUp className="size-4" aria-hidden />}
                />
                <Button
                  variant="ghost"
                  aria-label={t('down', { name: providerName(p.name, t) })}
                  disabled={i === providers.length - 1 || busy}
                  onClick={() => move(i, 1)}
                  icon={<ArrowDown className="size-4" aria-hidden />}
                />
              </span>
            );
          },
        },
      ]}
    />
  );
}
