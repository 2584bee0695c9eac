import type { ApiKey, UpdateApiKeyBody } from '@numero/contract/account';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/copy-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUpdateApiKey } from '../api/update-api-key.ts';
import { type KeySettingsFields, keySettingsResolver } from '../api-key-form.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';

/**
 * A key's wallet currency and webhook, and its last deliveries. A new webhook secret is shown here once;
 * the parent mounts this only while it is open, so the secret leaves memory when the dialog closes.
 */
export function KeySettingsDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation('api-keys');
  const update = useUpdateApiKey();
  const form = useForm<KeySettingsFields, unknown, UpdateApiKeyBody>({
    resolver: keySettingsResolver,
    defaultValues: { currency: apiKey.currency, webhook_url: apiKey.webhook_url ?? '' },
  });
  const urlError = form.formState.errors.webhook_url?.message;
  const [formError, setFormError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // The key as last saved here: a webhook set in this dialog brings its secret rotation and log at once.
  const [current, setCurrent] = useState<ApiKey>(apiKey);

  function save(body: UpdateApiKeyBody) {
    setFormError(null);
    setSaved(false);
    update.mutate(
      { id: apiKey.id, body },
      {
        onSuccess: ({ webhook_secret: newSecret, ...updated }) => {
          setSaved(true);
          setCurrent(updated);
          if (newSecret) setSecret(newSecret);
        },
        onError: (err) =>
          setFormError(err instanceof ApiError && err.detail ? err.detail : t('settings.error')),
      },
    );
  }

  const submit = form.handleSubmit(save);

  return (
    <Dialog open onClose={onClose} title={t('settings.title', { name: apiKey.name })} closeLabel={t('close')}>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <SelectField
          label={t('settings.currency')}
          hint={t('settings.currencyHint')}
          {...form.register('currency')}
        >
          <option value="BRL">{t('settings.brl')}</option>
          <option value="USD">{t('settings.usd')}</option>
        </SelectField>
        <TextField
          label={t('settings.webhook')}
          hint={t('settings.webhookHint')}
          error={urlError ? t(`settings.${urlError}`) : null}
          type="url"
          inputMode="url"
          placeholder="https://"
          {...form.register('webhook_url')}
          autoComplete="off"
        />
        {secret && (
          <div className="flex flex-col gap-2">
            <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{t('settings.secretWarning')}</span>
            </p>
            <CopyField
              label={t('settings.secret')}
              value={secret}
              description={t('settings.secretWarning')}
              copyLabel={t('settings.copySecret')}
              copiedLabel={t('created.copied')}
              rows={2}
              testId="webhook-secret"
            />
          </div>
        )}
        {formError && (
          <p role="alert" className="text-sm text-red-700">
            {formError}
          </p>
        )}
        {saved && !formError && (
          <p role="status" className="text-sm text-emerald-700">
            {t('settings.saved')}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {current.webhook_url && (
            <Button variant="secondary" onClick={() => save({ rotate_webhook_secret: true })}>
              {t('settings.rotate')}
            </Button>
          )}
          <Button type="submit" loading={update.isPending}>
            {t('settings.save')}
          </Button>
        </div>
      </form>
      {current.webhook_url && <WebhookDeliveries keyId={apiKey.id} />}
    </Dialog>
  );
}
