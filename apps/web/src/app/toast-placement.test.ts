import { afterEach, describe, expect, it } from 'vitest';
import { keepToastsBelowHeader, TOAST_GAP_PX, TOAST_TOP_VAR } from './toast-placement.ts';

const top = () => document.documentElement.style.getPropertyValue(TOAST_TOP_VAR);

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.style.removeProperty(TOAST_TOP_VAR);
});

/** A sticky header whose lower edge is at `bottom` px from the viewport's top. */
function headerAt(bottom: number) {
  const header = document.createElement('header');
  header.className = 'sticky top-0';
  header.getBoundingClientRect = () => ({ bottom }) as DOMRect;
  document.body.append(header);
  return header;
}

describe('toasts below the header', () => {
  it('start just below the header, lower while a demo banner pushes the header down', () => {
    const header = headerAt(124);
    const stop = keepToastsBelowHeader();
    expect(top()).toBe(`${124 + TOAST_GAP_PX}px`);

    // Scrolled past the banner: the header sticks at the top, and the next toast follows it up.
    header.getBoundingClientRect = () => ({ bottom: 64 }) as DOMRect;
    document.dispatchEvent(new Event('numero:toast'));
    expect(top()).toBe(`${64 + TOAST_GAP_PX}px`);
    stop();

    header.getBoundingClientRect = () => ({ bottom: 200 }) as DOMRect;
    document.dispatchEvent(new Event('numero:toast'));
    expect(top()).toBe(`${64 + TOAST_GAP_PX}px`);
  });

  it('with no header on the page, start at the top', () => {
    const stop = keepToastsBelowHeader();
    expect(top()).toBe(`${TOAST_GAP_PX}px`);
    stop();
  });
});
