import {
  SECRET_NAMES,
  type SecretName,
  type SettingsUpdate,
  type SettingsView,
} from '@numero/contract/admin';
import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AdminPage, PageHeader } from '../../components/admin-list-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardTitle } from '../../components/ui/card.tsx';
import { Badge, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { CheckboxField, TextField } from '../../components/ui/field.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { isAdmin } from '../../lib/roles.ts';
import { useSession } from '../../lib/session/session.tsx';
import { useSettings, useUpdateSettings } from './api/settings.ts';
import { dashboardErrorMessage } from './error-message.ts';
import {
  draftOf,
  type NumberKey,
  type SettingsDraft,
  settingsResolver,
  TOPUP_CURRENCIES,
} from './settings-form.ts';

/** /admin/settings: the store's parameters, read by staff and changed by admins; keys are write-only. */
export function SettingsPage() {
  const { t } = useTranslation('admin-settings');
  const settings = useSettings();
  // Kept here: a save remounts the form with the stored values (and empty key fields).
  const [saved, setSaved] = useState(false);
  return (
    <AdminPage width="4xl">
      <PageHeader back={{ to: '/admin', label: t('back') }} title={t('title')} subtitle={t('subtitle')} />
      <div className="mt-6">
        {settings.isPending ? (
          <Spinner label={t('loading')} className="min-h-40" />
        ) : settings.isError ? (
          <ErrorState
            message={dashboardErrorMessage(settings.error, t)}
            retryLabel={t('retry')}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <SettingsForm
            key={settings.data.updated_at ?? 'defaults'}
            view={settings.data}
            saved={saved}
            onSaved={setSaved}
          />
        )}
      </div>
    </AdminPage>
  );
}

function SettingsForm({
  view,
  saved,
  onSaved,
}: {
  view: SettingsView;
  saved: boolean;
  onSaved: (saved: boolean) => void;
}) {
  const { t, i18n } = useTranslation('admin-settings');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const { user } = useSession();
  const canWrite = isAdmin(user);
  const form = useForm<SettingsDraft, unknown, SettingsUpdate>({
    resolver: settingsResolver,
    defaultValues: draftOf(view, lang),
    disabled: !canWrite,
  });
  const { errors } = form.formState;
  const save = useUpdateSettings();
  const errorText = (key: string | undefined) => (key ? t(`errors.${key}`) : null);

  // "Salvo" stays until the next change.
  useEffect(() => {
    const watching = form.watch(() => onSaved(false));
    return () => watching.unsubscribe();
  }, [form, onSaved]);

  const submit = (body: SettingsUpdate) => save.mutate(body, { onSuccess: () => onSaved(true) });

  function removeSecret(name: SecretName) {
    save.mutate({ secrets: { [name]: null } }, { onSuccess: () => onSaved(true) });
  }

  const numberField = (key: NumberKey) => (
    <TextField
      label={t(`fields.${key}.label`)}
      hint={t(`fields.${key}.hint`)}
      inputMode="numeric"
      {...form.register(key)}
      error={errorText(errors[key]?.message)}
    />
  );

  return (
    <form
      onSubmit={(e) => void form.handleSubmit(submit)(e)}
      noValidate
      className="flex flex-col gap-5"
      aria-label={t('title')}
    >
      {!canWrite && (
        <p role="note" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
          {t('readOnly')}
        </p>
      )}
      <Card>
        <CardTitle>{t('sections.activations')}</CardTitle>
        <div className="grid gap-4 sm:grid-cols-3">
          {numberField('activation_window_minutes')}
          {numberField('early_cancel_minutes')}
          {numberField('purchase_limit_per_minute')}
        </div>
      </Card>
      <Card>
        <CardTitle>{t('sections.topups')}</CardTitle>
        <div className="grid gap-4 sm:grid-cols-2">
          {TOPUP_CURRENCIES.flatMap((c) =>
            (['min', 'max'] as const).map((end) => (
              <TextField
                key={`${c}.${end}`}
                label={t(`fields.money.${c}_${end}`)}
                inputMode="decimal"
                {...form.register(`money.${c}.${end}`)}
                error={errorText(errors.money?.[c]?.[end]?.message)}
              />
            )),
          )}
        </div>
      </Card>
      <Card>
        <CardTitle>{t('sections.accounts')}</CardTitle>
        <div className="grid gap-4 sm:grid-cols-3">{numberField('registrations_per_hour')}</div>
      </Card>
      <Card>
        <CardTitle>{t('sections.sandbox')}</CardTitle>
        {(['payments', 'numbers'] as const).map((k) => (
          <CheckboxField
            key={k}
            label={t(`fields.sandbox.${k}.label`)}
            description={t(`fields.sandbox.${k}.hint`)}
            {...form.register(`sandbox.${k}`)}
          />
        ))}
      </Card>
      <Card>
        <CardTitle>{t('sections.secrets')}</CardTitle>
        <p className="mb-4 text-sm text-slate-600">{t('secretsHint')}</p>
        <ul className="flex flex-col gap-4">
          {SECRET_NAMES.map((name) => {
            const current = view.secrets[name];
            return (
              <li key={name} className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
                <TextField
                  label={t(`secrets.${name}`)}
                  type="password"
                  autoComplete="off"
                  {...form.register(`secrets.${name}`)}
                  error={errorText(errors.secrets?.[name]?.message)}
                  placeholder={current.set ? t('secretReplace') : t('secretNew')}
                  hint={
                    <span className="inline-flex items-center gap-2">
                      <KeyRound className="size-3" aria-hidden />
                      {current.set ? t('secretSet', { masked: current.masked }) : t('secretUnset')}
                    </span>
                  }
                />
                {canWrite && current.set && (
                  <Button type="button" variant="secondary" onClick={() => removeSecret(name)}>
                    {t('secretRemove')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        {canWrite && (
          <Button type="submit" loading={save.isPending}>
            {save.isPending ? t('saving') : t('save')}
          </Button>
        )}
        {saved && (
          <span role="status">
            <Badge tone="success">{t('saved')}</Badge>
          </span>
        )}
        {view.updated_at && (
          <span className="text-sm text-slate-500">
            {t('updated', { at: formatDateTime(view.updated_at, lang), by: view.updated_by ?? '—' })}
          </span>
        )}
      </div>
      {save.isError && <ErrorState message={dashboardErrorMessage(save.error, t)} />}
    </form>
  );
}
