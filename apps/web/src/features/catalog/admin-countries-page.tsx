import type { AdminCountry, AdminCountryUpdate } from '@numero/contract/catalog';
import { ArrowDown, ArrowLeft, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { actionErrorText, loadErrorText, TableSkeleton } from '../../components/list-parts.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/feedback.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { moved, useOrderCountries, useStaffCountries, useUpdateCountry } from './api/staff-structure.ts';

const input =
  'h-9 rounded-md border border-slate-300 px-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500';

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
          <Table label={t('countries.title')}>
            <thead>
              <tr>
                <Th>{t('countries.country')}</Th>
                <Th>{t('countries.dial')}</Th>
                <Th>{t('countries.flag')}</Th>
                <Th>{t('countries.protocol')}</Th>
                <Th numeric>{t('countries.products')}</Th>
                <Th>{t('countries.enabled')}</Th>
                <Th>{t('countries.order')}</Th>
                <Th>
                  <span className="sr-only">{t('save')}</span>
                </Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.data.map((c, i) => (
                <CountryRow
                  key={`${c.code}-${c.dial_code}-${c.flag}-${c.protocol_id}-${c.is_active}`}
                  country={c}
                  first={i === 0}
                  last={i === list.data.length - 1}
                  saving={update.isPending && update.variables?.code === c.code}
                  onSave={(changes) => update.mutate({ code: c.code, changes })}
                  onMove={(by) => order.mutate(moved(list.data, i, by).map((x) => x.code))}
                />
              ))}
            </tbody>
          </Table>
        )}
      </div>
    </div>
  );
}

function CountryRow({
  country: c,
  first,
  last,
  saving,
  onSave,
  onMove,
}: {
  country: AdminCountry;
  first: boolean;
  last: boolean;
  saving: boolean;
  onSave: (changes: AdminCountryUpdate) => void;
  onMove: (by: -1 | 1) => void;
}) {
  const { t } = useTranslation('admin-structure');
  // Shown at once; the saved list replaces it when the server answers.
  const [enabled, setEnabled] = useState(c.is_active);
  const [dial, setDial] = useState(c.dial_code);
  const [flag, setFlag] = useState(c.flag);
  const [protocol, setProtocol] = useState(c.protocol_id === null ? '' : String(c.protocol_id));
  const dialOk = /^\+[1-9]\d{0,3}$/.test(dial.trim());
  const flagOk = /^\p{Regional_Indicator}{2}$/u.test(flag.trim());
  const protocolOk = protocol.trim() === '' || /^\d{1,6}$/.test(protocol.trim());
  const protocolValue = protocol.trim() === '' ? null : Number(protocol.trim());
  const changed = dial.trim() !== c.dial_code || flag.trim() !== c.flag || protocolValue !== c.protocol_id;
  const name = c.name_pt;
  return (
    <tr data-testid={`country-${c.code}`}>
      <Td>
        <span aria-hidden>{c.flag}</span> {name} <span className="text-slate-500">({c.code})</span>
      </Td>
      <Td>
        <input
          className={`${input} w-20`}
          aria-label={t('countries.dialOf', { name })}
          aria-invalid={!dialOk || undefined}
          value={dial}
          onChange={(e) => setDial(e.target.value)}
        />
      </Td>
      <Td>
        <input
          className={`${input} w-16`}
          aria-label={t('countries.flagOf', { name })}
          aria-invalid={!flagOk || undefined}
          value={flag}
          onChange={(e) => setFlag(e.target.value)}
        />
      </Td>
      <Td>
        <input
          className={`${input} w-24`}
          inputMode="numeric"
          aria-label={t('countries.protocolOf', { name })}
          aria-invalid={!protocolOk || undefined}
          value={protocol}
          onChange={(e) => setProtocol(e.target.value)}
        />
      </Td>
      <Td numeric>{c.product_count}</Td>
      <Td>
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          aria-label={t('countries.enabledOf', { name })}
          checked={enabled}
          onChange={(e) => {
            setEnabled(e.target.checked);
            onSave({ is_active: e.target.checked });
          }}
        />
      </Td>
      <Td>
        <span className="flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('up', { name })}
            disabled={first}
            onClick={() => onMove(-1)}
            icon={<ArrowUp className="size-4" aria-hidden />}
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('down', { name })}
            disabled={last}
            onClick={() => onMove(1)}
            icon={<ArrowDown className="size-4" aria-hidden />}
          />
        </span>
      </Td>
      <Td>
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('countries.saveOf', { name })}
          disabled={!changed || !dialOk || !flagOk || !protocolOk}
          loading={saving}
          onClick={() => onSave({ dial_code: dial.trim(), flag: flag.trim(), protocol_id: protocolValue })}
        >
          {t('save')}
        </Button>
      </Td>
    </tr>
  );
}
