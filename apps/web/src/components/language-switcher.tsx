import { Check, ChevronDown, Globe } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, normaliseLanguage, switchLanguage } from '../i18n/index.ts';
import { cn } from './ui/cn.ts';

const LANGUAGES: { code: Lang; htmlLang: string }[] = [
  { code: 'en', htmlLang: 'en' },
  { code: 'pt', htmlLang: 'pt-BR' },
];

/**
 * "English (USD)" or "Português (BRL)": the currency follows the language. A menu button (WAI-ARIA menu
 * pattern with radio items); i18next's detector stores the choice in localStorage.
 */
export function LanguageSwitcher({
  align = 'end',
  inline = false,
  className,
  onChange,
}: {
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
  /**
   * In a scrolling drawer: the menu opens in the flow below the button instead of floating over the
   * page, so the drawer's own scroll box never clips its lower item.
   */
  inline?: boolean;
  className?: string;
  onChange?: (lang: Lang) => void;
}) {
  const { t, i18n } = useTranslation();
  const current = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function choose(lang: Lang) {
    close();
    if (lang !== current) void switchLanguage(lang);
    onChange?.(lang);
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(items.length - 1);
        break;
      case 'Escape':
        close();
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <div ref={rootRef} className={cn('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="inline-flex h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 aria-expanded:bg-slate-100"
      >
        <Globe className="size-4 text-slate-500" aria-hidden />
        <span className="sr-only">{t('language.label')}: </span>
        <span lang={current === 'en' ? 'en' : 'pt-BR'}>{t(`language.options.${current}`)}</span>
        <ChevronDown
          className={cn('size-4 text-slate-500 transition-transform', open && 'rotate-180')}
          aria-hidden
        />
      </button>
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label={t('language.label')}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        className={cn(
          'mt-2 rounded-xl border border-slate-200 bg-white p-1',
          inline
            ? 'w-full max-w-sm'
            : cn(
                'absolute top-full z-50 w-56 shadow-lg shadow-slate-900/10',
                align === 'end' ? 'right-0' : 'left-0',
              ),
        )}
      >
        {LANGUAGES.map(({ code, htmlLang }) => {
          const checked = code === current;
          return (
            <button
              key={code}
              type="button"
              role="menuitemradio"
              aria-checked={checked}
              tabIndex={-1}
              lang={htmlLang}
              onClick={() => choose(code)}
              className={cn(
                'flex h-11 w-full items-center justify-between gap-3 rounded-lg px-3 text-left text-sm transition-colors hover:bg-slate-100 focus:bg-slate-100',
                checked ? 'font-semibold text-brand-800' : 'text-slate-700',
              )}
            >
              {t(`language.options.${code}`)}
              {checked && <Check className="size-4 text-brand-700" aria-hidden />}
            </button>
          );
        })}
      </div>
    </div>
  );
}
