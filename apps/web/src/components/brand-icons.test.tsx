import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceIcon } from './brand-icons.tsx';
import { CountryFlag } from './country-flag.tsx';

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

afterEach(cleanup);

describe('service icons', () => {
  it('draws a known service as its brand mark, in its brand colour, with no text', () => {
    const { container } = render(<ServiceIcon code="wa" />);
    const icon = container.querySelector('[data-icon]')!;
    expect(icon.getAttribute('data-icon')).toBe('whatsapp');
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('svg')!.getAttribute('fill')).toMatch(/^#[0-9A-F]{6}$/i);
    expect(container.textContent).toBe('');
  });

  it('reads a labelled icon out by its name', () => {
    render(<ServiceIcon code="tg" label="Telegram" />);
    expect(screen.getByRole('img', { name: 'Telegram' })).toBeTruthy();
  });

  it('gives a service without a logo a neutral icon rather than nothing', () => {
    const { container } = render(<ServiceIcon code="zz" label="Unknown app" />);
    expect(container.querySelector('[data-icon="fallback"] svg')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Unknown app' })).toBeTruthy();
  });
});

describe('country flags', () => {
  it('draws a flag as SVG, never as an emoji', () => {
    const { container } = render(<CountryFlag code="br" label="Brasil" />);
    expect(container.querySelector('[data-icon="flag-BR"] svg')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Brasil' })).toBeTruthy();
    expect(EMOJI.test(container.textContent ?? '')).toBe(false);
  });

  it('shows a globe for a country the bundle has no flag for', () => {
    const { container } = render(<CountryFlag code="XX" />);
    expect(container.querySelector('[data-icon="fallback"]')).toBeTruthy();
  });
});
