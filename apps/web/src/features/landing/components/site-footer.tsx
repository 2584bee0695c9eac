import { Cookie } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SupportLinks } from '../../../components/support-contact.tsx';
import { openCookiePreferences } from '../cookie-consent.ts';
import { Wordmark } from './logo.tsx';

const footerLink =
  'inline-flex min-h-11 items-center text-sm text-slate-600 transition-colors hover:text-slate-900 md:min-h-9';

export function SiteFooter({ signedIn = false }: { signedIn?: boolean }) {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation();
  return (
    <footer className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 pt-12 pb-8 sm:px-6">
        <div className="flex flex-col gap-10 md:flex-row md:justify-between">
          <div className="max-w-sm">
            <Link to="/" className="-mx-1 inline-flex h-11 items-center rounded-lg px-1">
              <Wordmark />
            </Link>
            <p className="mt-3 text-sm leading-relaxed text-slate-600">{t('footer.tagline')}</p>
          </div>
          <nav aria-label={t('footer.nav')} className="grid grid-cols-2 gap-8 sm:grid-cols-3 sm:gap-16">
            <div>
              <h2 className="text-sm font-semibold text-slate-900">{t('footer.store')}</h2>
              <ul className="mt-2">
                <li>
                  <a href="#products" className={footerLink}>
                    {t('header.products')}
                  </a>
                </li>
                <li>
                  <a href="#how-it-works" className={footerLink}>
                    {t('header.howItWorks')}
                  </a>
                </li>
                <li>
                  <Link to="/docs/api" className={footerLink}>
                    {t('footer.resellerApi')}
                  </Link>
                </li>
              </ul>
            </div>
            <div>
              <h2 className="text-sm font-semibold text-slate-900">{t('footer.account')}</h2>
              <ul className="mt-2">
                {signedIn ? (
                  <>
                    <li>
                      <Link to="/dashboard" className={footerLink}>
                        {t('signedIn.dashboard')}
                      </Link>
                    </li>
                    <li>
                      <Link to="/dashboard/products" className={footerLink}>
                        {t('signedIn.buy')}
                      </Link>
                    </li>
                  </>
                ) : (
                  <>
                    <li>
                      <Link to="/login" className={footerLink}>
                        {t('header.signIn')}
                      </Link>
                    </li>
                    <li>
                      <Link to="/register" className={footerLink}>
                        {t('header.signUp')}
                      </Link>
                    </li>
                  </>
                )}
              </ul>
            </div>
            <div className="col-span-2 sm:col-span-1">
              <h2 className="text-sm font-semibold text-slate-900">{tc('support.title')}</h2>
              <SupportLinks className="mt-2 flex-col items-start gap-y-0" />
            </div>
          </nav>
        </div>
        <div className="mt-10 flex flex-col-reverse gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">{t('footer.copyright')}</p>
          <Link to="/privacy" className={footerLink}>
            {t('privacy.title', { ns: 'legal' })}
          </Link>
          <Link to="/terms" className={footerLink}>
            {t('terms.title', { ns: 'legal' })}
          </Link>
          <button
            type="button"
            onClick={openCookiePreferences}
            className="-ml-2 inline-flex h-11 items-center gap-2 self-start rounded-lg px-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-200/60 hover:text-slate-900 sm:ml-0 sm:self-auto"
          >
            <Cookie className="size-4" aria-hidden />
            {t('footer.cookiePreferences')}
          </button>
        </div>
      </div>
    </footer>
  );
}
