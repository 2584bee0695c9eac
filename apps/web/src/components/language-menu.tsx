import { type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, normaliseLanguage, switchLanguage } from '../i18n/index.ts';
import { LanguageButton } from './language-button.tsx';
import { Menu, MenuContent, MenuRadioGroup, MenuRadioItem, MenuTrigger } from './ui/dropdown-menu.tsx';
import { useTakeFocus } from './ui/focus-carry.ts';

const LANGUAGES: { code: Lang; htmlLang: string }[] = [
  { code: 'en', htmlLang: 'en' },
  { code: 'pt', htmlLang: 'pt-BR' },
];

/** The language switcher's menu, loaded apart from the page (see language-switcher.tsx). */
export default function LanguageMenu({
  align,
  open,
  onOpenChange,
  carry,
}: {
  align: 'start' | 'end';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  carry: RefObject<boolean>;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useTakeFocus(carry, button);
  const { t, i18n } = useTranslation();
  const current = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Menu open={open} onOpenChange={onOpenChange}>
      <MenuTrigger asChild ref={button}>
        <LanguageButton open={open} />
      </MenuTrigger>
      <MenuContent align={align} aria-label={t('language.label')} className="w-[min(14rem,calc(100vw-1rem))]">
        <MenuRadioGroup
          value={current}
          onValueChange={(value) => {
            if (value !== current) void switchLanguage(value as Lang);
          }}
        >
          {LANGUAGES.map(({ code, htmlLang }) => (
            <MenuRadioItem key={code} value={code} lang={htmlLang}>
              {t(`language.options.${code}`)}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
      </MenuContent>
    </Menu>
  );
}
