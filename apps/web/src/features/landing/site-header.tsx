import { Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { SkipLink } from '../../components/skip-link.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { inPortalledPopup } from '../../components/ui/popup.ts';
import { Wordmark } from './components/logo.tsx';

/** Tailwind's `md` breakpoint: from here the header shows everything inline. */
const DESKTOP_QUERY = '(min-width: 48rem)';

/**
 * A link to one of the landing's sections: a plain fragment on the landing (the browser scrolls), a
 * client-side navigation to it from any other page (the landing scrolls on arrival).
 */
function SectionLink({
  id,
  className,
  onClick,
  children,
}: {
  id: string;
  className: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  if (pathname === '/') {
    return (
      <a href={`#${id}`} className={className} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <Link to={{ pathname: '/', hash: `#${id}` }} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}

const navLink =
  'inline-flex h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900';
const menuLink =
  'flex h-12 items-center rounded-lg px-3 text-base font-medium text-slate-800 transition-colors hover:bg-slate-100';

/**
 * The public header. `children` takes the place of the sign-in and sign-up links (a signed-in area puts
 * its own menu there); it stays visible next to the menu button on small screens.
 */
export function SiteHeader({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('landing');
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const closeOnDesktop = () => desktop.matches && setMenuOpen(false);
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    const closeOutside = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node) && !inPortalledPopup(event.target))
        setMenuOpen(false);
    };
    desktop.addEventListener('change', closeOnDesktop);
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('pointerdown', closeOutside);
    return () => {
      desktop.removeEventListener('change', closeOnDesktop);
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('pointerdown', closeOutside);
    };
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);
  const sections = [
    { id: 'products', label: t('header.products') },
    { id: 'how-it-works', label: t('header.howItWorks') },
  ];

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur-md"
    >
      <SkipLink label={t('common:skipToContent')} />
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6 lg:gap-8">
        <Link to="/" className="-mx-1 flex h-11 items-center rounded-lg px-1">
          <Wordmark />
        </Link>

        <nav aria-label={t('header.nav')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {sections.map((s) => (
              <li key={s.id}>
                <SectionLink id={s.id} className={navLink}>
                  {s.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <div className="hidden items-center gap-2 md:flex">
            <LanguageSwitcher />
            {!children && (
              <>
                <Link to="/login" className={navLink}>
                  {t('header.signIn')}
                </Link>
                <Link to="/register" className={buttonClasses('primary', 'md')}>
                  {t('header.signUp')}
                </Link>
              </>
            )}
          </div>
          {children}
          <button
            ref={menuButtonRef}
            type="button"
            aria-expanded={menuOpen}
            aria-controls="site-menu"
            aria-label={t('header.menu')}
            onClick={() => setMenuOpen((open) => !open)}
            className="-mr-2 inline-flex size-11 items-center justify-center rounded-lg text-slate-700 transition-colors hover:bg-slate-100 md:hidden"
          >
            {menuOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
          </button>
        </div>
      </div>

      {/* Laid over the page rather than pushing it down, so closing it never moves a section being scrolled to. */}
      <div
        id="site-menu"
        hidden={!menuOpen}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg shadow-slate-900/5 md:hidden"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 pt-2 pb-5 sm:px-6">
          <nav aria-label={t('header.nav')}>
            <ul className="flex flex-col">
              {sections.map((s) => (
                <li key={s.id}>
                  <SectionLink id={s.id} className={menuLink} onClick={closeMenu}>
                    {s.label}
                  </SectionLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="border-t border-slate-100 pt-3">
            <LanguageSwitcher align="start" />
          </div>
          {!children && (
            <div className="grid grid-cols-2 gap-3">
              <Link
                to="/login"
                className={cn(buttonClasses('secondary', 'lg'), 'w-full')}
                onClick={closeMenu}
              >
                {t('header.signIn')}
              </Link>
              <Link
                to="/register"
                className={cn(buttonClasses('primary', 'lg'), 'w-full')}
                onClick={closeMenu}
              >
                {t('header.signUp')}
              </Link>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
