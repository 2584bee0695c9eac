import { ChevronDown, Globe } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseLanguage } from '../i18n/index.ts';
import { cn } from './ui/cn.ts';

/** The button that opens the language menu, shown as it is while the menu's code is still on its way. */
export function LanguageButton({ open, className, ...rest }: ComponentProps<'button'> & { open: boolean }) {
  const { t, i18n } = useTranslation();
  const current = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={open}
      className={cn(
        'inline-flex h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 aria-expanded:bg-slate-100',
        className,
      )}
      {...rest}
    >
      <Globe className="size-4 text-slate-500" aria-hidden />
      <span className="sr-only">{t('language.label')}: </span>
      <span lang={current === 'en' ? 'en' : 'pt-BR'}>{t(`language.options.${current}`)}</span>
      <ChevronDown
        className={cn('size-4 text-slate-500 transition-transform', open && 'rotate-180')}
        aria-hidden
      />
    </button>
  );
}
