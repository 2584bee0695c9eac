import type { AuditEntry } from '@numero/contract/admin';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedList } from '../../components/paged-list.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { pageCount } from '../../components/ui/pagination.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { normaliseLanguage } from '../../i18n/index.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { AUDIT_PAGE_SIZE, useAudit } from './api/get-audit.ts';
import { actionIcon, actionLabel, entityLabel, LABELLED_ACTIONS } from './audit-labels.ts';
import { describeChangesInWords } from './audit-words.ts';
import { dashboardErrorMessage } from './error-message.ts';

const show = (v: unknown) =>
  v === null || v === undefined ? '∅' : typeof v === 'string' ? v : JSON.stringify(v);

/** "field: before → after" for each field the entry records; only `after` for a creation or a sign-in. */
export function describeChanges(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.map((k) =>
    entry.before && k in entry.before
      ? `${k}: ${show(entry.before[k])} → ${show(entry.after?.[k])}`
      : `${k}: ${show(entry.after?.[k])}`,
  );
}

/** /admin/audit: the whole audit log for staff, newest first, filtered by action and paged on the server. */
export function AuditPage() {
  const { t, i18n } = useTranslation('admin');
  const { t: tw } = useTranslation('audit-words');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const { params, page, update, goToPage } = useListParams();
  const rawAction = params.get('action');
  const action = rawAction && /^[A-Z_]{1,40}$/.test(rawAction) ? rawAction : undefined;
  const audit = useAudit({ skip: (page - 1) * AUDIT_PAGE_SIZE, limit: AUDIT_PAGE_SIZE, action });
  const pages = pageCount(audit.data?.total ?? 0, AUDIT_PAGE_SIZE);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <Link
        to="/admin"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('audit.back')}
      </Link>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
            {t('audit.title')}
          </h1>
          <p className="mt-1 text-slate-600">{t('audit.subtitle')}</p>
        </div>
        <SelectField
          className="sm:w-56"
          label={t('audit.filter')}
          value={action ?? ''}
          onChange={(e) => update({ action: e.target.value || null, page: null })}
        >
          <option value="">{t('audit.all')}</option>
          {LABELLED_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {actionLabel(a, t)}
            </option>
          ))}
        </SelectField>
      </div>

      <PagedList
        query={audit}
        skeleton={
          <div>
            <p role="status" className="sr-only">
              {t('audit.loading')}
            </p>
            <div className="flex flex-col gap-2" aria-hidden>
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          </div>
        }
        errorMessage={(error) => dashboardErrorMessage(error, t)}
        retryLabel={t('common:retry')}
        empty={{ title: t('audit.empty'), body: t('audit.emptyText') }}
        page={page}
        pages={pages}
        onPageChange={goToPage}
        labels={(total) => ({
          nav: t('audit.pagination'),
          total: t('audit.total', { count: total }),
          page: t('audit.page', { page, pages }),
          previous: t('audit.previous'),
          next: t('audit.next'),
        })}
      >
        {(items) => (
          <>
            {/* Cards on a phone: every change in sight, nothing to scroll sideways. */}
            <ul className="flex flex-col gap-3 md:hidden" data-testid="audit-cards">
              {items.map((e) => {
                const Icon = actionIcon(e.action);
                const changes = describeChangesInWords(e, tw, lang);
                return (
                  <li
                    key={e.id}
                    className="rounded-xl border border-slate-200 bg-white p-4 text-sm"
                    data-testid="audit-card"
                  >
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="inline-flex items-center gap-2 font-medium">
                        <Icon className="size-4 text-slate-500" aria-hidden />
                        {actionLabel(e.action, t)}
                      </span>
                      <time dateTime={e.created_at} className="text-xs text-slate-600 tabular-nums">
                        {formatDateTime(e.created_at, lang)}
                      </time>
                    </div>
                    <p className="mt-1 break-words text-slate-700">
                      {e.user_email ?? t('activity.anonymous')} · {entityLabel(e.entity_type, t)}
                      {(e.target_email ?? e.entity_id) && ` · ${e.target_email ?? e.entity_id}`}
                    </p>
                    {changes.length > 0 && (
                      <ul className="mt-2 text-xs text-slate-700">
                        {changes.map((c) => (
                          <li key={c} className="break-words">
                            {c}
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
            <div className="hidden md:block">
              <Table label={t('audit.title')} data-testid="audit-table">
                <thead>
                  <tr>
                    <Th>{t('audit.columns.when')}</Th>
                    <Th>{t('audit.columns.action')}</Th>
                    <Th>{t('audit.columns.actor')}</Th>
                    <Th>{t('audit.columns.entity')}</Th>
                    <Th>{t('audit.columns.changes')}</Th>
                    <Th>{t('audit.columns.ip')}</Th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {items.map((e) => {
                    const Icon = actionIcon(e.action);
                    const changes = describeChangesInWords(e, tw, lang);
                    return (
                      <tr key={e.id} data-testid="audit-row" data-action={e.action}>
                        <Td className="tabular-nums">
                          <time dateTime={e.created_at}>{formatDateTime(e.created_at, lang)}</time>
                        </Td>
                        <Td>
                          <span className="inline-flex items-center gap-2 font-medium">
                            <Icon className="size-4 text-slate-500" aria-hidden />
                            {actionLabel(e.action, t)}
                          </span>
                        </Td>
                        <Td>{e.user_email ?? t('activity.anonymous')}</Td>
                        <Td>
                          <span className="block">{entityLabel(e.entity_type, t)}</span>
                          {(e.target_email ?? e.entity_id) && (
                            <span className="block text-xs text-slate-500">
                              {e.target_email ?? e.entity_id}
                            </span>
                          )}
                        </Td>
                        <Td className="max-w-md text-xs whitespace-normal text-slate-700">
                          {changes.length === 0 ? (
                            t('audit.noChanges')
                          ) : (
                            <ul>
                              {changes.map((c) => (
                                <li key={c} className="break-words">
                                  {c}
                                </li>
                              ))}
                            </ul>
                          )}
                        </Td>
                        <Td className="font-mono text-xs">{e.ip ?? '—'}</Td>
                      </tr>
                    );
                  })}
                </tbody>
              </Table>
            </div>
          </>
        )}
      </PagedList>
    </div>
  );
}
