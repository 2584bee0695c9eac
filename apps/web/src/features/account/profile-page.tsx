import type { ProfileUpdate } from '@numero/contract/account';
import { Pencil, Save, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { displayName } from '../../lib/roles.ts';
import { useSession } from '../../lib/session/session.tsx';
import { toast } from '../../lib/toast.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import { EmailChangeCard } from './email-change-card.tsx';
import { NotificationsCard } from './notifications-card.tsx';
import {
  PROFILE_CURRENCIES,
  PROFILE_LANGUAGES,
  type ProfileFields,
  profileFields,
  profileResolver,
} from './profile-form.ts';

function formatDate(value: string, lang: string) {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return new Intl.DateTimeFormat(lang.startsWith('en') ? 'en-US' : 'pt-BR', { dateStyle: 'long' }).format(d);
}

export function ProfilePage() {
  const { t, i18n } = useTranslation('profile');
  const { user, refresh } = useSession();
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const form = useForm<ProfileFields, unknown, ProfileUpdate>({ resolver: profileResolver });
  const { errors } = form.formState;
  if (!user) return null;

  const startEditing = () => {
    form.reset(profileFields(user));
    setEditing(true);
  };

  const onSubmit = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: async () => {
        await refresh().catch(() => null);
        setEditing(false);
        toast.success(t('success'));
      },
      onError: (err) => {
        toast.error(err instanceof ApiError && err.detail ? err.detail : t('error'));
      },
    }),
  );

  const memberSince = formatDate(user.created_at, i18n.language);
  const notSet = <span className="text-slate-500">{t('notSet')}</span>;
  const details: { label: string; value: ReactNode }[] = [
    { label: t('fields.name'), value: user.profile?.full_name || notSet },
    { label: t('fields.email'), value: user.email },
    { label: t('fields.phone'), value: user.profile?.phone_number || notSet },
    { label: t('fields.language'), value: t(`languages.${user.preferred_language}`) },
    { label: t('fields.currency'), value: t(`currencies.${user.preferred_currency}`) },
  ];

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
      <p className="mt-1 text-slate-600">{t('subtitle')}</p>

      <section className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-col gap-4 border-b border-slate-100 p-5 sm:flex-row sm:items-center sm:p-6">
          <span
            aria-hidden
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-800 uppercase"
          >
            {displayName(user).charAt(0)}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-lg font-semibold text-slate-900">{displayName(user)}</p>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
            {memberSince && (
              <p className="mt-0.5 text-xs text-slate-500">{t('memberSince', { date: memberSince })}</p>
            )}
          </div>
          {!editing && (
            <Button
              variant="secondary"
              icon={<Pencil className="size-4" aria-hidden />}
              onClick={startEditing}
            >
              {t('edit')}
            </Button>
          )}
        </div>

        {editing ? (
          <form onSubmit={onSubmit} noValidate className="grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
            <TextField
              label={t('fields.name')}
              autoComplete="name"
              maxLength={120}
              {...form.register('name')}
              error={errors.name?.message ? t(errors.name.message) : null}
            />
            <TextField
              label={t('fields.phone')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+55 11 91234-5678"
              maxLength={32}
              {...form.register('phone')}
              error={errors.phone?.message ? t(errors.phone.message) : null}
            />
            <TextField
              label={t('fields.email')}
              type="email"
              value={user.email}
              readOnly
              hint={
                <>
                  {t('emailHint')}.{' '}
                  <a href="#email-change" className="font-medium text-brand-700 underline">
                    {t('emailHintChange')}
                  </a>
                </>
              }
              className="sm:col-span-2"
            />
            <SelectField label={t('fields.language')} {...form.register('language')}>
              {PROFILE_LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {t(`languages.${code}`)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('fields.currency')} {...form.register('currency')}>
              {PROFILE_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {t(`currencies.${code}`)}
                </option>
              ))}
            </SelectField>
            <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:col-span-2 sm:flex-row sm:justify-end">
              <Button
                variant="secondary"
                icon={<X className="size-4" aria-hidden />}
                onClick={() => setEditing(false)}
                disabled={update.isPending}
              >
                {t('cancel')}
              </Button>
              <Button type="submit" loading={update.isPending} icon={<Save className="size-4" aria-hidden />}>
                {update.isPending ? t('saving') : t('save')}
              </Button>
            </div>
          </form>
        ) : (
          <dl className="divide-y divide-slate-100">
            {details.map((d) => (
              <div key={d.label} className="grid gap-1 px-5 py-4 sm:grid-cols-3 sm:gap-4 sm:px-6">
                <dt className="text-sm font-medium text-slate-500">{d.label}</dt>
                <dd className="text-sm break-words text-slate-900 sm:col-span-2">{d.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <div className="mt-6 space-y-6">
        <EmailChangeCard />
        <NotificationsCard />
      </div>
    </div>
  );
}
