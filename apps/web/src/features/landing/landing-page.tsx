import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { displayName } from '../../lib/roles.ts';
import { useSession } from '../../lib/session/session.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Hero } from './components/hero.tsx';
import { HowItWorks } from './components/how-it-works.tsx';
import { ProductsSection } from './components/products-section.tsx';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * The landing. For a signed-in customer (known on load whenever the browser holds a session) it shows
 * `signedInHeader` (the app's header, with the balance and the dashboard) when given, greets them, and
 * its products lead straight to the purchase.
 */
export function LandingPage({ signedInHeader }: { signedInHeader?: ReactNode }) {
  const { t, i18n } = useTranslation('landing');
  const { t: tc } = useTranslation();
  const { user } = useSession();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language
  useEffect(() => {
    document.title = t('meta.title');
    document.querySelector('meta[name="description"]')?.setAttribute('content', t('meta.description'));
  }, [t, i18n.resolvedLanguage]);

  // Arriving from another page with a section in the address (the header's links): show that section.
  // Not when the app hydrates the page as sent: the browser has shown the section already, and the
  // visitor may have moved on since.
  const { hash } = useLocation();
  const arrived = useHydrated();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival; later fragments scroll natively
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id && arrived) document.getElementById(id)?.scrollIntoView();
  }, []);

  return (
    <div className="flex min-h-screen flex-col">
      {user && signedInHeader ? (
        signedInHeader
      ) : (
        <SiteHeader>
          {user ? (
            <Link to="/dashboard" className={buttonClasses('primary', 'md')}>
              {tc('nav.dashboard')}
            </Link>
          ) : undefined}
        </SiteHeader>
      )}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Hero name={user ? displayName(user) : null} />
        <ProductsSection signedIn={!!user} />
        <HowItWorks signedIn={!!user} />
      </main>
      <SiteFooter signedIn={!!user} />
    </div>
  );
}
