import { NOTIFICATION_KINDS, type NotificationKind } from '@numero/contract/account-notifications';
import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardTitle } from '../../components/ui/card.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { CheckboxField } from '../../components/ui/field.tsx';
import { toast } from '../../lib/toast.ts';
import { useNotificationSettings, useUpdateNotificationSettings } from './api/notification-settings.ts';

/** The profile's card of e-mail notifications: each one on or off, saved as soon as it is changed. */
export function NotificationsCard() {
  const { t } = useTranslation(['profile', 'common']);
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();

  function change(kind: NotificationKind, on: boolean) {
    update.mutate(
      { [kind]: on },
      {
        onSuccess: () => toast.success(t('notifications.saved')),
        onError: () => toast.error(t('notifications.saveError')),
      },
    );
  }

  return (
    <Card data-testid="notifications-card">
      <CardTitle>
        <span className="inline-flex items-center gap-2">
          <Mail className="size-5 text-brand-700" aria-hidden />
          {t('notifications.title')}
        </span>
      </CardTitle>
      {settings.isPending ? (
        <div className="space-y-3">
          {NOTIFICATION_KINDS.map((kind) => (
            <Skeleton key={kind} className="h-11 w-full" />
          ))}
        </div>
      ) : settings.isError ? (
        <ErrorState
          message={t('notifications.loadError')}
          retryLabel={t('common:retry')}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <fieldset className="space-y-3">
          <legend className="sr-only">{t('notifications.title')}</legend>
          {NOTIFICATION_KINDS.map((kind) => (
            <CheckboxField
              key={kind}
              name={kind}
              label={t(`notifications.kinds.${kind}`)}
              checked={settings.data[kind]}
              disabled={update.isPending}
              onChange={(e) => change(kind, e.target.checked)}
            />
          ))}
        </fieldset>
      )}
    </Card>
  );
}
