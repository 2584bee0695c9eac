import { ChangeEmailRequest } from '@numero/contract/auth';
import { AtSign } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardTitle } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { firstProblem, keyedResolver } from '../../lib/keyed-resolver.ts';
import { useSession } from '../../lib/session/session.tsx';
import { useChangeEmail } from './api/change-email.ts';

interface EmailChangeFields {
  new_email: string;
  password: string;
}

const REQUIRED = 'auth:validation.required';
/** The contract's ChangeEmailRequest checks the fields (what the server checks) and gives the body. */
const emailChangeResolver = keyedResolver<EmailChangeFields, ChangeEmailRequest>(ChangeEmailRequest, {
  new_email: { blank: REQUIRED, invalid: 'auth:validation.invalidEmail' },
  password: { blank: REQUIRED, invalid: 'auth:validation.tooLong' },
});
/** The one problem the form's alert names, in this order. */
const PROBLEMS = [REQUIRED, 'auth:validation.invalidEmail', 'auth:validation.tooLong'] as const;

/** The profile's card to change the account's email: confirmed from the new address, the old one told. */
export function EmailChangeCard() {
  const { t } = useTranslation(['profile', 'auth']);
  const { user } = useSession();
  const change = useChangeEmail();
  const form = useForm<EmailChangeFields, unknown, ChangeEmailRequest>({
    resolver: emailChangeResolver,
    defaultValues: { new_email: '', password: '' },
  });
  const { errors } = form.formState;
  const problem = firstProblem(errors, PROBLEMS);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  if (!user) return null;

  const onSubmit = form.handleSubmit((body) => {
    setError(null);
    change.mutate(body, {
      onSuccess: () => {
        setSentTo(body.new_email);
        form.reset();
        setOpen(false);
      },
      onError: (err) => setError(err instanceof ApiError && err.detail ? err.detail : t('emailChange.error')),
    });
  });
  const message = problem ? t(problem) : error;

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
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
          {message && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2">
              {message}
            </p>
          )}
          <TextField
            label={t('emailChange.newEmail')}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.register('new_email')}
            aria-invalid={errors.new_email ? true : undefined}
          />
          <TextField
            label={t('emailChange.password')}
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
            aria-invalid={errors.password ? true : undefined}
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
