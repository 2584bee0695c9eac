import type { OutboxMessage } from '@numero/contract/mail';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card.tsx';
import { Badge, EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { useOutbox } from './api/get-outbox.ts';

/** Links in a message's text become clickable; everything else stays as written. */
function MessageText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <pre className="mt-3 text-sm whitespace-pre-wrap text-slate-800">
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move
          <a key={i} href={part} className="break-all text-brand-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

function Message({ message }: { message: OutboxMessage }) {
  const { t, i18n } = useTranslation('mail');
  return (
    <Card className="p-4" data-testid="outbox-message">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-medium text-slate-900">{message.subject}</h2>
        <Badge tone={message.status === 'queued' ? 'warning' : 'neutral'}>
          {t(`status.${message.status}`)}
        </Badge>
      </div>
      <p className="text-sm text-slate-600">
        {t('to')} {message.to} · {formatDateTime(message.created_at, i18n.language)}
      </p>
      <MessageText text={message.text} />
    </Card>
  );
}

/** /demo/outbox: the e-mail the offline demo would have sent to the signed-in account (staff: all). */
export function OutboxPage() {
  const { t } = useTranslation('mail');
  const outbox = useOutbox();
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('title')}</h1>
      <p className="text-sm text-slate-600">{t('subtitle')}</p>
      {outbox.isPending ? (
        <Spinner label={t('loading')} />
      ) : outbox.isError ? (
        <ErrorState message={t('unavailable')} />
      ) : outbox.data.items.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        outbox.data.items.map((m) => <Message key={m.id} message={m} />)
      )}
    </div>
  );
}
