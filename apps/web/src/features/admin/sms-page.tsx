import type { SmsProviderView } from '@numero/contract/admin-reports';
import { ArrowDown, ArrowLeft, ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Badge, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { formatDateTime, localeFor } from '../../i18n/format.ts';
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
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <Link
        to="/admin"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('back')}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
      <p className="mt-1 text-slate-600">{t('subtitle')}</p>
      <div className="mt-6 flex flex-col gap-6">
        {save.isError && <ErrorState message={dashboardErrorMessage(save.error, t)} />}
        {list.isPending ? (
          <Spinner label={t('loading')} className="min-h-40" />
        ) : list.isError ? (
          <ErrorState message={dashboardErrorMessage(list.error, t)} />
        ) : (
          <>
            <Table label={t('providers')}>
              <thead>
                <tr>
                  <Th>{t('position')}</Th>
                  <Th>{t('name')}</Th>
                  <Th>{t('status')}</Th>
                  <Th numeric>{t('orders')}</Th>
                  <Th numeric>{t('success')}</Th>
                  <Th numeric>{t('median')}</Th>
                  <Th>{t('enabled')}</Th>
                  {canWrite && <Th>{t('order')}</Th>}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data.providers.map((p, i, all) => {
                  const disabled = all.filter((x) => !x.enabled).map((x) => x.name);
                  const move = (by: -1 | 1) => {
                    const next = [...all];
                    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
                    send(next, disabled);
                  };
                  return (
                    <tr key={p.name} data-testid={`provider-${p.name}`}>
                      <Td>{p.position}</Td>
                      <Td className="font-medium">{p.name}</Td>
                      <Td>
                        <Badge tone={statusTone[p.status]}>{t(`statuses.${p.status}`)}</Badge>
                        {p.checked_at && (
                          <span className="ml-2 text-xs text-slate-500">
                            {formatDateTime(p.checked_at, lang)}
                            {p.latency_ms !== null && ` · ${p.latency_ms} ms`}
                          </span>
                        )}
                      </Td>
                      <Td numeric>{p.orders}</Td>
                      <Td numeric>{pct(p.success_rate)}</Td>
                      <Td numeric>{seconds(p.median_seconds_to_code)}</Td>
                      <Td>
                        <input
                          type="checkbox"
                          className="size-5 accent-brand-700"
                          aria-label={t('enabledOf', { name: p.name })}
                          checked={p.enabled}
                          disabled={!canWrite || save.isPending}
                          onChange={(e) =>
                            send(
                              all,
                              e.target.checked ? disabled.filter((n) => n !== p.name) : [...disabled, p.name],
                            )
                          }
                        />
                      </Td>
                      {canWrite && (
                        <Td>
                          <span className="flex gap-1">
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={t('up', { name: p.name })}
                              disabled={i === 0 || save.isPending}
                              onClick={() => move(-1)}
                              icon={<ArrowUp className="size-4" aria-hidden />}
                            />
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={t('down', { name: p.name })}
                              disabled={i === all.length - 1 || save.isPending}
                              onClick={() => move(1)}
                              icon={<ArrowDown className="size-4" aria-hidden />}
                            />
                          </span>
                        </Td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </Table>
            <p className="text-sm text-slate-600">{t('credentials')}</p>
            <section>
              <h2 className="mb-3 text-lg font-semibold text-slate-900">{t('latest')}</h2>
              {list.data.latest_sms.length === 0 ? (
                <p className="text-sm text-slate-600">{t('noSms')}</p>
              ) : (
                <Table label={t('latest')}>
                  <thead>
                    <tr>
                      <Th>{t('received')}</Th>
                      <Th>{t('activation')}</Th>
                      <Th>{t('product')}</Th>
                      <Th>{t('name')}</Th>
                      <Th>{t('code')}</Th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100" data-testid="latest-sms">
                    {list.data.latest_sms.map((m) => (
                      <tr key={`${m.activation_id}-${m.received_at}`}>
                        <Td>{formatDateTime(m.received_at, lang)}</Td>
                        <Td className="font-mono text-xs">#{m.activation_id.slice(0, 8)}</Td>
                        <Td>{`${m.service_code.toUpperCase()} · ${m.country_code}`}</Td>
                        <Td>{m.provider ?? '—'}</Td>
                        <Td className="font-mono">{m.code}</Td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </section>
          </>
        )}
      </div>
    </div>
  );
}
