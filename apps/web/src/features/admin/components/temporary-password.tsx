import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-field.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** The password the server made for a new user: shown this once, with a way to copy it. */
export function TemporaryPassword({
  email,
  password,
  onDone,
}: {
  email: string;
  password: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin-users');
  const id = useId();
  return (
    <div data-testid="temporary-password-panel">
      <div className="flex gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <KeyRound className="size-5" aria-hidden />
        </span>
        <p className="text-sm break-words text-slate-700">{t('created.text', { email })}</p>
      </div>
      <label htmlFor={id} className="mt-4 mb-1 block text-sm font-medium text-slate-700">
        {t('created.password')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={password}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="temporary-password"
          className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        />
        <CopyButton
          value={password}
          label={t('created.copy')}
          copiedLabel={t('created.copied')}
          fallbackId={id}
        />
      </div>
      <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('created.warning')}</p>
      <div className="mt-6 flex justify-end">
        <Button onClick={onDone}>{t('created.done')}</Button>
      </div>
    </div>
  );
}
