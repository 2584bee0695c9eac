import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('pt');
});

describe('language switcher', () => {
  it('opens a menu of both languages from the keyboard, the current one checked, and switches', async () => {
    await i18n.changeLanguage('pt');
    render(<LanguageSwitcher />);
    screen.getByRole('button', { name: 'Idioma: Português (BRL)' }).focus();
    // The menu's code arrives after first paint; its button then carries the menu's state, and the
    // focus given to the stand-in before.
    await waitFor(() => expect(screen.getByRole('button').getAttribute('data-state')).toBe('closed'));
    expect(document.activeElement).toBe(screen.getByRole('button'));
    fireEvent.keyDown(screen.getByRole('button'), { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu', { name: 'Idioma' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(['English (USD)', 'Português (BRL)']);
    expect(items[1]!.getAttribute('aria-checked')).toBe('true');
    // From the keyboard the first item takes focus (the WAI-ARIA menu button pattern).
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.click(items[0]!);
    await waitFor(() => expect(i18n.language).toBe('en'));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
