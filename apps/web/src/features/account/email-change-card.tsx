import { AtSign } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardTitle } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session/session.tsx';
import { useChangeEmail } from './api/change-email.ts';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The profile's card to change the account's email: confirmed from the new address, the old one told. */
export function EmailChangeCard() {
  const { t } = useTranslation(['profile', 'auth']);
  const { user } = useSession();
  const change = useChangeEmail();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  if (!user) return null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const email = newEmail.trim().toLowerCase();
    if (!email || !password) return setError(t('auth:validation.required'));
    if (!EMAIL_SHAPE.test(email)) return setError(t('auth:validation.invalidEmail'));
    setError(null);
    change.mutate(
      { new_email: email, password },
      {
        onSuccess: () => {
          setSentTo(email);
          setNewEmail('');
          setPassword('');
          setOpen(false);
        },
        onError: (err) =>
          setError(err instanceof ApiError && err.detail ? err.detail : t('emailChange.error')),
      },
    );
  }

  return (
    <Card id="email-change" data-testid="email-change-card" className="scroll-mt-20">
      <CardTitle>
        <span className="inline-flex items-center gap-2">
          <AtSign className="size-5 text-brand-700" aria-hidden />
          {t('emailChange.title')}
        </span>
      </CardTitle>
      <p className="mb-4 text-sm text-slate-600">{t('emailChange.intro', { email: user.email })}</p>
      {sentTo && (
        <p role="status" className="mb-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {t('emailChange.sent', { email: sentTo })}
        </p>
      )}
      {!open ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('emailChange.open')}
        </Button>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          {error && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2">
              {error}
            </p>
          )}
          <TextField
            label={t('emailChange.newEmail')}
            type="email"
            name="new_email"
            autoComplete="email"
            inputMode="email"
            value={newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
          />
          <TextField
            label={t('emailChange.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={change.isPending}>
              {t('emailChange.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('emailChange.submit')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
