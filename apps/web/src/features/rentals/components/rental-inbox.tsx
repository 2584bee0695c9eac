import type { RentalMessage } from '@numero/contract/rentals';
import { MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-field.tsx';
import { formatDateTime } from '../../../i18n/format.ts';

/** Every SMS the rented number received, newest first, each code picked out and copyable. */
export function RentalInbox({ messages, waiting }: { messages: RentalMessage[]; waiting: boolean }) {
  const { t, i18n } = useTranslation('rentals');
  if (messages.length === 0)
    return (
      <p
        className="flex items-center gap-2 text-sm text-slate-600"
        data-testid="rental-inbox-empty"
        aria-live="polite"
      >
        <MessageSquareText className="size-4" aria-hidden />
        {waiting ? t('inbox.waiting') : t('inbox.none')}
      </p>
    );
  return (
    <ol className="flex flex-col gap-3" aria-live="polite" data-testid="rental-inbox">
      {messages.map((m) => (
        <li key={m.id} className="rounded-xl border border-slate-200 bg-white p-3" data-testid="rental-sms">
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
            <span className="font-medium text-slate-800">{t('inbox.from', { sender: m.sender || '—' })}</span>
            <time dateTime={m.received_at}>{formatDateTime(m.received_at, i18n.language)}</time>
          </div>
          <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-900">{m.text}</p>
          {m.code && (
            <div className="mt-2 flex items-center gap-3">
              <span className="text-xs text-slate-600">{t('inbox.code')}</span>
              <span className="font-mono text-lg font-semibold tracking-widest" data-testid="rental-sms-code">
                {m.code}
              </span>
              <CopyButton value={m.code} label={t('inbox.copy')} copiedLabel={t('inbox.copied')} />
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
