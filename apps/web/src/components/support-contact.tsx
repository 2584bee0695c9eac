import { HelpCircle, Mail, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SUPPORT } from '../config/support.ts';
import { cn } from './ui/cn.ts';

const item =
  'inline-flex min-h-11 items-center gap-2 rounded-lg text-sm font-medium text-slate-700 underline-offset-4 hover:text-slate-900 hover:underline';

/** The FAQ and the ways to reach support: e-mail always, WhatsApp when the store configured a number. */
export function SupportLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={cn('flex flex-wrap items-center gap-x-5 gap-y-1', className)} data-testid="support-links">
      <li>
        <Link to="/faq" className={item}>
          <HelpCircle className="size-4 shrink-0" aria-hidden />
          {t('support.faq')}
        </Link>
      </li>
      <li>
        <a href={`mailto:${SUPPORT.email}`} className={cn(item, 'break-all')}>
          <Mail className="size-4 shrink-0" aria-hidden />
          <span>
            <span className="sr-only">{t('support.email')}: </span>
            {SUPPORT.email}
          </span>
        </a>
      </li>
      {SUPPORT.whatsapp && (
        <li>
          <a
            href={`https://wa.me/${SUPPORT.whatsapp}`}
            className={item}
            rel="noopener noreferrer"
            target="_blank"
          >
            {/* Not the brand's logo: the logos' package would then load with every page's footer. */}
            <MessageCircle className="size-4 shrink-0" aria-hidden />
            {t('support.whatsapp')}
          </a>
        </li>
      )}
    </ul>
  );
}

/** A slim footer for the pages without the landing's: where to get help. */
export function HelpFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-6">
        <p className="text-sm font-semibold text-slate-900">{t('support.title')}</p>
        <SupportLinks />
      </div>
    </footer>
  );
}
