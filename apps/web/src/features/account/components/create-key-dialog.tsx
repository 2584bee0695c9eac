import { API_KEY_NAME_MAX, type CreateApiKeyBody, type CreatedApiKey } from '@numero/contract/account';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/copy-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { type ApiKeyFields, apiKeyResolver } from '../api-key-form.ts';

/**
 * Asks for a name, creates the key, then shows it once. The parent mounts this only while it is open, so
 * the key leaves the page (and memory) as soon as the dialog closes.
 */
export function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('api-keys');
  const create = useCreateApiKey();
  const form = useForm<ApiKeyFields, unknown, CreateApiKeyBody>({
    resolver: apiKeyResolver,
    defaultValues: { name: '' },
  });
  const nameError = form.formState.errors.name?.message;
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const submit = form.handleSubmit((body) => {
    setFormError(null);
    create.mutate(body, {
      onSuccess: setCreated,
      // The server's own text says why (the five-key limit, say) in the language of the screen.
      onError: (err) => setFormError(err instanceof ApiError && err.detail ? err.detail : t('create.error')),
    });
  });

  if (created)
    return (
      <Dialog open onClose={onClose} title={t('created.title')} closeLabel={t('close')}>
        <div className="flex flex-col gap-4">
          <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{t('created.warning')}</span>
          </p>
          <CopyField
            label={`${t('created.key')}: ${created.name}`}
            value={created.key}
            description={t('created.warning')}
            copyLabel={t('created.copy')}
            copiedLabel={t('created.copied')}
            rows={2}
            testId="api-key-secret"
          />
          <div className="flex justify-end">
            <Button onClick={onClose}>{t('created.done')}</Button>
          </div>
        </div>
      </Dialog>
    );

  return (
    <Dialog open onClose={onClose} title={t('create.title')} closeLabel={t('close')}>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('create.name')}
          hint={t('create.nameHint')}
          error={nameError ? t(`create.${nameError}`, { max: API_KEY_NAME_MAX }) : null}
          {...form.register('name')}
          maxLength={API_KEY_NAME_MAX}
          autoComplete="off"
          required
        />
        {formError && (
          <p role="alert" className="text-sm text-red-700">
            {formError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('create.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {create.isPending ? t('create.submitting') : t('create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
