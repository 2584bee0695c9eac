import { useTranslation } from 'react-i18next';
import { AdminPage, PageHeader } from '../../components/admin-list-page.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { pageCount } from '../../components/ui/pagination.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { normaliseLanguage } from '../../i18n/index.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { AUDIT_PAGE_SIZE, useAudit } from './api/get-audit.ts';
import { actionIcon, actionLabel, entityLabel, LABELLED_ACTIONS } from './audit-labels.ts';
import { describeChangesInWords } from './audit-words.ts';
import { dashboardErrorMessage } from './error-message.ts';

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
    <AdminPage>
      <PageHeader
        back={{ to: '/admin', label: t('audit.back') }}
        title={t('audit.title')}
        subtitle={t('audit.subtitle')}
        actions={
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
        }
      />

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
          <DataTable
            label={t('audit.title')}
            wideFrom="lg"
            testId="audit-table"
            rows={items}
            rowKey={(e) => e.id}
            rowProps={(e) => ({ 'data-testid': 'audit-row', 'data-action': e.action })}
            columns={[
              {
                header: t('audit.columns.when'),
                card: 'badge',
                className: 'tabular-nums',
                cell: (e) => (
                  <time dateTime={e.created_at} className="text-xs tabular-nums md:text-sm">
                    {formatDateTime(e.created_at, lang)}
                  </time>
                ),
              },
              {
                header: t('audit.columns.action'),
                card: 'title',
                // Every column but the time wraps, anywhere if need be: long addresses and ids never push it sideways.
                className: 'whitespace-normal wrap-anywhere',
                cell: (e) => {
                  const Icon = actionIcon(e.action);
                  return (
                    <span className="inline-flex items-center gap-2 font-medium">
                      <Icon className="size-4 text-slate-500" aria-hidden />
                      {actionLabel(e.action, t)}
                    </span>
                  );
                },
              },
              {
                header: t('audit.columns.actor'),
                className: 'whitespace-normal break-all',
                cell: (e) => e.user_email ?? t('activity.anonymous'),
              },
              {
                header: t('audit.columns.entity'),
                className: 'whitespace-normal wrap-anywhere',
                cell: (e) => (
                  <>
                    <span className="block">{entityLabel(e.entity_type, t)}</span>
                    {(e.target_email ?? e.entity_id) && (
                      <span className="block text-xs break-all text-slate-500">
                        {e.target_email ?? e.entity_id}
                      </span>
                    )}
                  </>
                ),
              },
              {
                header: t('audit.columns.changes'),
                card: 'wide',
                className: 'max-w-md text-xs whitespace-normal wrap-anywhere text-slate-700',
                cell: (e) => {
                  const changes = describeChangesInWords(e, tw, lang);
                  return changes.length === 0 ? (
                    t('audit.noChanges')
                  ) : (
                    <ul>
                      {changes.map((c) => (
                        <li key={c}>{c}</li>
                      ))}
                    </ul>
                  );
                },
              },
              { header: t('audit.columns.ip'), className: 'font-mono text-xs', cell: (e) => e.ip ?? '—' },
            ]}
          />
        )}
      </PagedList>
    </AdminPage>
  );
}
