import {
  HANDLER_API_PATH,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '@numero/contract/reseller';
import { type ReactNode, useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyButton } from '../../components/copy-field.tsx';
import {
  ACTIONS,
  ERROR_TOKENS,
  FIVESIM_PATHS,
  VERIFY_NODE,
  VERIFY_PYTHON,
  WEBHOOK_PAYLOAD_EXAMPLE,
} from './protocol-reference.ts';

/** The per-key figure the store runs with unless its operator sets RESELLER_REQUESTS_PER_SECOND. */
const REQUESTS_PER_SECOND = 60;

function Code({ children, copy }: { children: string; copy?: { label: string; copied: string } }) {
  return (
    <div className="relative">
      <pre
        translate="no"
        className="rounded-lg bg-slate-900 p-3 pr-12 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-slate-100"
      >
        <code>{children}</code>
      </pre>
      {copy && (
        <CopyButton
          value={children}
          label={copy.label}
          copiedLabel={copy.copied}
          announce={false}
          className="absolute top-1 right-1 text-slate-200 hover:bg-slate-700"
        />
      )}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 border-t border-slate-200 pt-8">
      <h2 id={`${id}-title`} className="mb-3 text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="flex flex-col gap-3 text-sm leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

const inline = (
  <code translate="no" className="rounded bg-slate-100 px-1 font-mono text-xs break-words text-slate-800" />
);

/** /docs/api: the reseller protocol (handler_api.php) and its webhooks, for people who write bots. */
export function ApiDocsPage() {
  const { t } = useTranslation('api-docs');
  const base = `${window.location.origin}${HANDLER_API_PATH}`;
  const copy = { label: t('copy'), copied: t('copied') };
  useEffect(() => {
    document.title = t('meta.title');
  }, [t]);

  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
        <p className="mt-3 text-base text-slate-600">{t('intro')}</p>
        <nav aria-label={t('toc')} className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {['base', 'rules', 'actions', 'errors', 'cancel', 'webhooks', 'fivesim', 'limits'].map((id) => (
            <a
              key={id}
              href={`#${id}`}
              className="inline-flex min-h-11 items-center text-brand-700 hover:underline"
            >
              {t(`sections.${id}`)}
            </a>
          ))}
        </nav>
      </header>

      <Section id="base" title={t('sections.base')}>
        <p>{t('base.text')}</p>
        <Code copy={copy}>{base}</Code>
        <p>
          <Trans
            t={t}
            i18nKey="base.key"
            components={{ code: inline, ref: <Link to="/profile" className="text-brand-700 underline" /> }}
          />
        </p>
        <Code copy={copy}>{`curl "${base}?api_key=$NUMERO_KEY&action=getBalance"`}</Code>
        <p>{t('base.post')}</p>
        <Code copy={copy}>{`curl -X POST "${base}" -d "api_key=$NUMERO_KEY" -d "action=getBalance"`}</Code>
      </Section>

      <Section id="rules" title={t('sections.rules')}>
        <ul className="list-disc space-y-1 pl-5">
          {(['http200', 'exact', 'ids', 'phone', 'money', 'times', 'country', 'filters'] as const).map(
            (rule) => (
              <li key={rule}>
                <Trans t={t} i18nKey={`rules.${rule}`} components={{ code: inline }} />
              </li>
            ),
          )}
        </ul>
      </Section>

      <Section id="actions" title={t('sections.actions')}>
        {ACTIONS.map((action) => (
          <div key={action.name} id={`action-${action.name}`} className="flex flex-col gap-2 pt-2">
            <h3 translate="no" className="font-mono text-base font-semibold text-slate-900">
              {action.name}
            </h3>
            <p>
              <Trans t={t} i18nKey={`actions.${action.name}`} components={{ code: inline }} />
            </p>
            <Code
              copy={copy}
            >{`curl "${base}?api_key=$NUMERO_KEY&action=${action.name}${action.params}"`}</Code>
            <p className="font-medium text-slate-900">{t('answers')}</p>
            <ul className="flex flex-col gap-1">
              {action.answers.map((answer) => (
                <li key={answer}>
                  <code
                    translate="no"
                    className="block rounded bg-slate-100 px-2 py-1 font-mono text-xs break-all whitespace-pre-wrap text-slate-800"
                  >
                    {answer}
                  </code>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </Section>

      <Section id="errors" title={t('sections.errors')}>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {ERROR_TOKENS.map((token) => (
            <div key={token} className="contents">
              <dt translate="no" className="font-mono text-xs font-semibold text-slate-900">
                {token === 'WRONG_MAX_PRICE' ? 'WRONG_MAX_PRICE:<min>' : token}
              </dt>
              <dd>{t(`errors.${token}`, { perSecond: REQUESTS_PER_SECOND })}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="cancel" title={t('sections.cancel')}>
        <p>
          <Trans t={t} i18nKey="cancel.rule" components={{ code: inline }} />
        </p>
        <p>
          <Trans t={t} i18nKey="cancel.early" components={{ code: inline }} />
        </p>
        <p>
          <Trans t={t} i18nKey="cancel.code" components={{ code: inline }} />
        </p>
      </Section>

      <Section id="webhooks" title={t('sections.webhooks')}>
        <p>
          <Trans
            t={t}
            i18nKey="webhooks.intro"
            components={{ ref: <Link to="/profile" className="text-brand-700 underline" /> }}
          />
        </p>
        <Code>{`POST <webhook URL>
Content-Type: application/json
${WEBHOOK_SIGNATURE_HEADER}: t=1740830431,v1=5f2b…(64 hex)
${WEBHOOK_EVENT_ID_HEADER}: 6c0e2b1a-…

${WEBHOOK_PAYLOAD_EXAMPLE}`}</Code>
        <ul className="list-disc space-y-1 pl-5">
          {(['signature', 'eventId', 'answer', 'retries', 'address', 'log'] as const).map((rule) => (
            <li key={rule}>
              <Trans
                t={t}
                i18nKey={`webhooks.${rule}`}
                values={{ signature: WEBHOOK_SIGNATURE_HEADER, eventId: WEBHOOK_EVENT_ID_HEADER }}
                components={{ code: inline }}
              />
            </li>
          ))}
        </ul>
        <p className="font-medium text-slate-900">{t('webhooks.node')}</p>
        <Code copy={copy}>{VERIFY_NODE}</Code>
        <p className="font-medium text-slate-900">{t('webhooks.python')}</p>
        <Code copy={copy}>{VERIFY_PYTHON}</Code>
      </Section>

      <Section id="fivesim" title={t('sections.fivesim')}>
        <p>
          <Trans t={t} i18nKey="fivesim.intro" components={{ code: inline }} />
        </p>
        <Code
          copy={copy}
        >{`curl -H "Authorization: Bearer $NUMERO_KEY" "${window.location.origin}/v1/user/buy/activation/brazil/any/whatsapp"`}</Code>
        <ul translate="no" className="list-disc space-y-1 pl-5 font-mono text-sm break-all">
          {FIVESIM_PATHS.map((path) => (
            <li key={path}>{path}</li>
          ))}
        </ul>
        <p>
          <Trans t={t} i18nKey="fivesim.errors" components={{ code: inline }} />
        </p>
      </Section>

      <Section id="limits" title={t('sections.limits')}>
        <ul className="list-disc space-y-1 pl-5">
          {(['rate', 'keys', 'time', 'json'] as const).map((rule) => (
            <li key={rule}>
              <Trans
                t={t}
                i18nKey={`limits.${rule}`}
                values={{ perSecond: REQUESTS_PER_SECOND }}
                components={{
                  code: inline,
                  ref: (
                    <a href="/api/docs" className="text-brand-700 underline">
                      /api/docs
                    </a>
                  ),
                }}
              />
            </li>
          ))}
        </ul>
      </Section>
    </article>
  );
}
