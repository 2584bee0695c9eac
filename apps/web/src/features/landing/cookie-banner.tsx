import { ChevronDown, Cookie, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { CheckboxField } from '../../components/ui/field.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { cookieConsentStore, useCookieConsent } from './cookie-consent.ts';

/** Space kept free under the page while the banner shows: its height plus its gap to the window's edge. */
const SPACE_VAR = '--cookie-banner-space';

/**
 * Asks once for consent to the optional cookie categories; the footer can reopen it. A non-modal dialog:
 * the page stays usable, and the body keeps room at its end so the banner never hides the footer. On a
 * wide screen it sits bottom right, over the hero's picture rather than its text.
 *
 * In a pre-rendered page (the build's render, and the app's first render over it) the banner is there
 * but `hidden`, whatever was chosen: only the browser knows. The page's boot (src/landing-boot.ts) shows
 * it before the first paint when no choice is stored, as the app will (so the app's banner is not a later,
 * larger paint); once hydrated, the app shows it or takes it away by the stored choice.
 */
export function CookieBanner() {
  const { t } = useTranslation('landing');
  const hydrated = useHydrated();
  const sent = !hydrated;
  const { consent, bannerOpen } = useCookieConsent();
  const [customizing, setCustomizing] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const ids = useId();
  // The sent banner is the first visit's, whatever was chosen.
  const reopened = !sent && consent !== null;

  // On opening, show the current choice; when reopened on request, show the categories and take focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening, with the choice of that moment
  useEffect(() => {
    if (!bannerOpen) return;
    setAnalytics(consent?.analytics ?? false);
    setMarketing(consent?.marketing ?? false);
    setCustomizing(consent !== null);
    if (consent !== null) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialogRef.current?.focus();
    }
  }, [bannerOpen]);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!bannerOpen || !dialog) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const gap = window.innerHeight - dialog.getBoundingClientRect().bottom;
      root.style.setProperty(SPACE_VAR, `${Math.ceil(dialog.offsetHeight + Math.max(gap, 0))}px`);
    });
    observer.observe(dialog);
    return () => {
      observer.disconnect();
      root.style.removeProperty(SPACE_VAR);
    };
  }, [bannerOpen]);

  // Once a choice exists, Escape closes without changing it.
  useEffect(() => {
    if (!bannerOpen || !reopened) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      cookieConsentStore.closePreferences();
      returnFocusTo.current?.focus();
      returnFocusTo.current = null;
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [bannerOpen, reopened]);

  if (!bannerOpen && !sent) return null;

  function finish(action: () => void) {
    action();
    returnFocusTo.current?.focus();
    returnFocusTo.current = null;
  }

  const titleId = `${ids}-title`;
  const textId = `${ids}-text`;
  const categoriesId = `${ids}-categories`;

  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      tabIndex={-1}
      hidden={sent || undefined}
      // The boot may already have shown the sent banner: hydrating, React leaves that to the next render.
      suppressHydrationWarning
      data-sent-cookie-banner={sent || undefined}
      className="fixed inset-x-2 bottom-2 z-50 max-h-[calc(100dvh-1rem)] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-4 shadow-2xl shadow-slate-900/15 sm:inset-x-auto sm:bottom-4 sm:left-4 sm:w-[26rem] sm:p-5 lg:right-4 lg:left-auto"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Cookie className="size-5" aria-hidden />
        </span>
        <h2 id={titleId} className="min-w-0 flex-1 text-base font-semibold text-slate-900">
          {t('cookies.title')}
        </h2>
        {reopened && (
          <button
            type="button"
            aria-label={t('common:close')}
            onClick={() => finish(cookieConsentStore.closePreferences)}
            className="-my-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900"
          >
            <X className="size-5" aria-hidden />
          </button>
        )}
      </div>
      <p id={textId} className="mt-3 text-sm leading-relaxed text-pretty text-slate-600">
        {t('cookies.text')}{' '}
        <Link to="/privacy" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          {t('privacy.title', { ns: 'legal' })}
        </Link>
      </p>

      <button
        type="button"
        aria-expanded={customizing}
        aria-controls={categoriesId}
        onClick={() => setCustomizing((c) => !c)}
        className="-ml-2 mt-1 inline-flex h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-brand-700 transition-colors hover:bg-brand-50 hover:text-brand-900"
      >
        {t('cookies.customize')}
        <ChevronDown className={cn('size-4 transition-transform', customizing && 'rotate-180')} aria-hidden />
      </button>

      <fieldset id={categoriesId} hidden={!customizing} className="mt-1 space-y-3 rounded-xl bg-slate-50 p-3">
        <legend className="sr-only">{t('cookies.legend')}</legend>
        <CheckboxField
          label={
            <>
              {t('cookies.categories.essential.label')}{' '}
              <span className="ml-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">
                {t('cookies.alwaysOn')}
              </span>
            </>
          }
          description={t('cookies.categories.essential.text')}
          checked
          disabled
          readOnly
        />
        <CheckboxField
          label={t('cookies.categories.analytics.label')}
          description={t('cookies.categories.analytics.text')}
          checked={analytics}
          onChange={(e) => setAnalytics(e.target.checked)}
        />
        <CheckboxField
          label={t('cookies.categories.marketing.label')}
          description={t('cookies.categories.marketing.text')}
          checked={marketing}
          onChange={(e) => setMarketing(e.target.checked)}
        />
      </fieldset>

      <div className="mt-3 grid grid-cols-2 gap-2 *:px-3 *:whitespace-nowrap">
        {customizing && (
          <Button
            className="col-span-2"
            onClick={() => finish(() => cookieConsentStore.save({ analytics, marketing }))}
          >
            {t('cookies.save')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => finish(cookieConsentStore.rejectOptional)}>
          {t('cookies.rejectOptional')}
        </Button>
        <Button
          variant={customizing ? 'secondary' : 'primary'}
          onClick={() => finish(cookieConsentStore.acceptAll)}
        >
          {t('cookies.acceptAll')}
        </Button>
      </div>
    </div>
  );
}
