import type { AdminCountry, AdminCountryUpdate } from '@numero/contract/catalog-structure';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AdminPage, PageHeader } from '../../components/admin-list-page.tsx';
import { CountryFlag } from '../../components/country-flag.tsx';
import { actionErrorText, loadErrorText, TableSkeleton } from '../../components/list-parts.tsx';
import { Button } from '../../components/ui/button.tsx';
import { type Column, DataTable } from '../../components/ui/data-table.tsx';
import { ErrorState } from '../../components/ui/feedback.tsx';
import { moved, useOrderCountries, useStaffCountries, useUpdateCountry } from './api/staff-structure.ts';
import {
  type CountriesFields,
  type CountryChanges,
  type CountryFields,
  countriesResolver,
  countryChanges,
} from './structure-form.ts';

const input =
  'h-11 rounded-md border border-slate-300 px-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500';

/**
 * /admin/countries: enable, disable and order countries; their dialling code and protocol number. The flag
 * is drawn from the country's ISO code (country-flag.tsx), so there is none to edit.
 */
export function AdminCountriesPage() {
  const { t } = useTranslation('admin-structure');
  const list = useStaffCountries();
  const order = useOrderCountries();
  const update = useUpdateCountry();
  const failed = [order, update].find((m) => m.isError)?.error;
  return (
    <AdminPage width="6xl">
      <PageHeader
        back={{ to: '/admin', label: t('back') }}
        title={t('countries.title')}
        subtitle={t('countries.subtitle')}
      />
      <div className="mt-6 flex flex-col gap-4">
        {failed && <ErrorState message={actionErrorText(failed, t('errors.action'))} />}
        {list.isPending ? (
          <TableSkeleton label={t('loading')} rows={6} />
        ) : list.isError ? (
          <ErrorState message={loadErrorText(list.error, t)} />
        ) : (
          <CountriesTable
            countries={list.data}
            savingCode={update.isPending ? update.variables?.code : undefined}
            onSave={(code, changes, done) =>
              update.mutate({ code, changes }, { onSettled: (saved) => done(saved ?? list.data) })
            }
            onMove={(i, by) => order.mutate(moved(list.data, i, by).map((x) => x.code))}
          />
        )}
      </div>
    </AdminPage>
  );
}

const fieldsOf = (c: AdminCountry): CountryFields => ({
  dial: c.dial_code,
  protocol: c.protocol_id === null ? '' : String(c.protocol_id),
});

function CountriesTable({
  countries,
  savingCode,
  onSave,
  onMove,
}: {
  countries: AdminCountry[];
  savingCode: string | undefined;
  onSave: (code: string, changes: AdminCountryUpdate, done: (list: AdminCountry[]) => void) => void;
  onMove: (i: number, by: -1 | 1) => void;
}) {
  const { t, i18n } = useTranslation('admin-structure');
  const english = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  // Each row's dialling code and protocol number, checked as they are typed.
  const form = useForm<CountriesFields, unknown, Record<string, CountryChanges>>({
    resolver: countriesResolver,
    mode: 'onChange',
    defaultValues: { rows: Object.fromEntries(countries.map((c) => [c.code, fieldsOf(c)])) },
  });
  const typed = form.watch('rows');
  const rowErrors = form.formState.errors.rows;
  // The switch saves at once: shown until the server's list (set from its answer) says the same.
  const [enabled, setEnabled] = useState<Record<string, boolean>>({});
  // Once the server has answered, what it keeps is what the row shows.
  const settle = (code: string, list: AdminCountry[]) => {
    const saved = list.find((c) => c.code === code);
    if (!saved) return;
    const fields = fieldsOf(saved);
    for (const name of ['dial', 'protocol'] as const)
      form.resetField(`rows.${code}.${name}`, { defaultValue: fields[name] });
  };
  const rows = countries.map((c, i) => {
    const fields = typed[c.code] ?? fieldsOf(c);
    const errors = rowErrors?.[c.code];
    const changes = countryChanges(fields);
    return {
      c,
      i,
      // The country as the reader's language names it (both names are the country's).
      name: english ? c.name_en : c.name_pt,
      enabled: enabled[c.code] ?? c.is_active,
      errors,
      changed: changes === null || changes.dial_code !== c.dial_code || changes.protocol_id !== c.protocol_id,
    };
  });
  type Row = (typeof rows)[number];
  const save = async (r: Row) => {
    const names = (['dial', 'protocol'] as const).map((f) => `rows.${r.c.code}.${f}` as const);
    if (!(await form.trigger(names))) return;
    const changes = countryChanges(form.getValues(`rows.${r.c.code}`));
    if (changes) onSave(r.c.code, changes, (list) => settle(r.c.code, list));
  };
  const field = (r: Row, name: keyof CountryFields, label: string, className: string, extra = {}) => {
    const error = r.errors?.[name]?.message;
    const id = `country-${r.c.code}-${name}`;
    return (
      <span className="inline-flex flex-col">
        <input
          id={id}
          className={`${input} ${className}`}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...extra}
          {...form.register(`rows.${r.c.code}.${name}`)}
        />
        {error && (
          <span id={`${id}-error`} role="alert" className="mt-1 block max-w-44 text-xs text-red-600">
            {t(error)}
          </span>
        )}
      </span>
    );
  };
  const columns: Column<Row>[] = [
    {
      header: t('countries.country'),
      card: 'title',
      cell: (r) => (
        <>
          <CountryFlag code={r.c.code} className="mr-1 align-[-2px]" /> {r.name}{' '}
          <span className="font-normal text-slate-500">({r.c.code})</span>
        </>
      ),
    },
    {
      header: t('countries.dial'),
      cell: (r) => field(r, 'dial', t('countries.dialOf', { name: r.name }), 'w-20'),
    },
    {
      header: t('countries.protocol'),
      cell: (r) =>
        field(r, 'protocol', t('countries.protocolOf', { name: r.name }), 'w-24', { inputMode: 'numeric' }),
    },
    { header: t('countries.products'), numeric: true, cell: (r) => r.c.product_count },
    {
      header: t('countries.enabled'),
      card: 'badge',
      cell: (r) => (
        <input
          type="checkbox"
          className="size-6 accent-brand-700"
          aria-label={t('countries.enabledOf', { name: r.name })}
          checked={r.enabled}
          onChange={(e) => {
            const on = e.target.checked;
            setEnabled((all) => ({ ...all, [r.c.code]: on }));
            onSave(r.c.code, { is_active: on }, () =>
              setEnabled(({ [r.c.code]: _settled, ...rest }) => rest),
            );
          }}
        />
      ),
    },
    {
      header: t('countries.order'),
      card: 'actions',
      cell: (r) => (
        <span className="flex gap-1">
          <Button
            variant="ghost"
            aria-label={t('up', { name: r.name })}
            disabled={r.i === 0}
            onClick={() => onMove(r.i, -1)}
            icon={<ArrowUp className="size-4" aria-hidden />}
          />
          <Button
            variant="ghost"
            aria-label={t('down', { name: r.name })}
            disabled={r.i === countries.length - 1}
            onClick={() => onMove(r.i, 1)}
            icon={<ArrowDown className="size-4" aria-hidden />}
          />
        </span>
      ),
    },
    {
      header: t('save'),
      srOnlyHeader: true,
      card: 'actions',
      cell: (r) => (
        <Button
          variant="secondary"
          aria-label={t('countries.saveOf', { name: r.name })}
          disabled={!r.changed || r.errors !== undefined}
          loading={savingCode === r.c.code}
          onClick={() => void save(r)}
        >
          {t('save')}
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      label={t('countries.title')}
      rows={rows}
      rowKey={(r) => r.c.code}
      rowProps={(r) => ({ 'data-testid': `country-${r.c.code}` })}
      columns={columns}
    />
  );
}
