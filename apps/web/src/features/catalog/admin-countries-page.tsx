import type { AdminCountry, AdminCountryUpdate } from '@numero/contract/catalog';
import { ArrowDown, ArrowLeft, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountryFlag } from '../../components/country-flag.tsx';
import { actionErrorText, loadErrorText, TableSkeleton } from '../../components/list-parts.tsx';
import { Button } from '../../components/ui/button.tsx';
import { type Column, DataTable } from '../../components/ui/data-table.tsx';
import { ErrorState } from '../../components/ui/feedback.tsx';
import { moved, useOrderCountries, useStaffCountries, useUpdateCountry } from './api/staff-structure.ts';
import { flagFromLetters, flagLetters } from './flag-letters.ts';

const input =
  'h-11 rounded-md border border-slate-300 px-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500';

/** /admin/countries: enable, disable and order countries; their dialling code, flag and protocol number. */
export function AdminCountriesPage() {
  const { t } = useTranslation('admin-structure');
  const list = useStaffCountries();
  const order = useOrderCountries();
  const update = useUpdateCountry();
  const failed = [order, update].find((m) => m.isError)?.error;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <Link
        to="/admin"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('back')}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        {t('countries.title')}
      </h1>
      <p className="mt-1 text-slate-600">{t('countries.subtitle')}</p>
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
            onSave={(code, changes, done) => update.mutate({ code, changes }, { onSettled: done })}
            onMove={(i, by) => order.mutate(moved(list.data, i, by).map((x) => x.code))}
          />
        )}
      </div>
    </div>
  );
}

/** What a row's inputs hold until it is saved; a field left untouched shows the saved value. */
interface Draft {
  enabled?: boolean;
  dial?: string;
  flag?: string;
  protocol?: string;
}

function CountriesTable({
  countries,
  savingCode,
  onSave,
  onMove,
}: {
  countries: AdminCountry[];
  savingCode: string | undefined;
  onSave: (code: string, changes: AdminCountryUpdate, done: () => void) => void;
  onMove: (i: number, by: -1 | 1) => void;
}) {
  const { t } = useTranslation('admin-structure');
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const edit = (code: string, changes: Draft) =>
    setDrafts((all) => ({ ...all, [code]: { ...all[code], ...changes } }));
  // Once the server has answered, its list (set from the answer) is what the row shows.
  const settle = (code: string, fields: (keyof Draft)[]) =>
    setDrafts((all) => {
      const rest = { ...all[code] };
      for (const f of fields) delete rest[f];
      return { ...all, [code]: rest };
    });
  const rows = countries.map((c, i) => {
    const d = drafts[c.code] ?? {};
    const dial = d.dial ?? c.dial_code;
    const flag = d.flag ?? flagLetters(c.flag);
    const flagValue = flagFromLetters(flag);
    const protocol = d.protocol ?? (c.protocol_id === null ? '' : String(c.protocol_id));
    const protocolValue = protocol.trim() === '' ? null : Number(protocol.trim());
    return {
      c,
      i,
      name: c.name_pt,
      enabled: d.enabled ?? c.is_active,
      dial,
      flag,
      flagValue,
      protocol,
      protocolValue,
      dialOk: /^\+[1-9]\d{0,3}$/.test(dial.trim()),
      flagOk: flagValue !== null,
      protocolOk: protocol.trim() === '' || /^\d{1,6}$/.test(protocol.trim()),
      changed: dial.trim() !== c.dial_code || flagValue !== c.flag || protocolValue !== c.protocol_id,
    };
  });
  type Row = (typeof rows)[number];
  const save = (r: Row) =>
    onSave(
      r.c.code,
      { dial_code: r.dial.trim(), flag: r.flagValue ?? undefined, protocol_id: r.protocolValue },
      () => settle(r.c.code, ['dial', 'flag', 'protocol']),
    );
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
      cell: (r) => (
        <input
          className={`${input} w-20`}
          aria-label={t('countries.dialOf', { name: r.name })}
          aria-invalid={!r.dialOk || undefined}
          value={r.dial}
          onChange={(e) => edit(r.c.code, { dial: e.target.value })}
        />
      ),
    },
    {
      header: t('countries.flag'),
      cell: (r) => (
        <span className="inline-flex items-center gap-2">
          <CountryFlag code={r.flagOk ? r.flag.trim() : ''} />
          <input
            className={`${input} w-14 uppercase`}
            maxLength={2}
            aria-label={t('countries.flagOf', { name: r.name })}
            aria-invalid={!r.flagOk || undefined}
            value={r.flag}
            onChange={(e) => edit(r.c.code, { flag: e.target.value })}
          />
        </span>
      ),
    },
    {
      header: t('countries.protocol'),
      cell: (r) => (
        <input
          className={`${input} w-24`}
          inputMode="numeric"
          aria-label={t('countries.protocolOf', { name: r.name })}
          aria-invalid={!r.protocolOk || undefined}
          value={r.protocol}
          onChange={(e) => edit(r.c.code, { protocol: e.target.value })}
        />
      ),
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
            edit(r.c.code, { enabled: e.target.checked });
            onSave(r.c.code, { is_active: e.target.checked }, () => settle(r.c.code, ['enabled']));
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
          disabled={!r.changed || !r.dialOk || !r.flagOk || !r.protocolOk}
          loading={savingCode === r.c.code}
          onClick={() => save(r)}
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
