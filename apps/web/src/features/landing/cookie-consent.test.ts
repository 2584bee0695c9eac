import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_CONSENT_KEY, createCookieConsentStore } from './cookie-consent.ts';

const NOW = new Date('2025-03-14T12:00:00.000Z');

function freshStore() {
  return createCookieConsentStore(
    () => window.localStorage,
    () => NOW,
  );
}

function stored() {
  const raw = window.localStorage.getItem(COOKIE_CONSENT_KEY);
  return raw ? JSON.parse(raw) : null;
}

describe('cookie consent store', () => {
  beforeEach(() => window.localStorage.clear());

  it('opens the banner on a first visit, with no choice yet', () => {
    const store = freshStore();
    expect(store.getState()).toEqual({ consent: null, bannerOpen: true });
    expect(store.hasConsent('analytics')).toBe(false);
  });

  it('accepting all stores the three categories and a timestamp, and closes the banner', () => {
    const store = freshStore();
    store.acceptAll();
    const expected = { essential: true, analytics: true, marketing: true, timestamp: NOW.toISOString() };
    expect(stored()).toEqual(expected);
    expect(store.getState()).toEqual({ consent: expected, bannerOpen: false });
    expect(store.hasConsent('marketing')).toBe(true);
  });

  it('rejecting the optional categories keeps only the essential ones', () => {
    const store = freshStore();
    store.rejectOptional();
    expect(stored()).toMatchObject({ essential: true, analytics: false, marketing: false });
    expect(store.getState().bannerOpen).toBe(false);
  });

  it('saves a mixed choice', () => {
    const store = freshStore();
    store.save({ analytics: true, marketing: false });
    expect(stored()).toMatchObject({ essential: true, analytics: true, marketing: false });
  });

  it('remembers the choice on the next visit and keeps the banner closed', () => {
    freshStore().save({ analytics: false, marketing: true });
    const next = freshStore();
    expect(next.getState().bannerOpen).toBe(false);
    expect(next.getState().consent).toMatchObject({ analytics: false, marketing: true });
  });

  it('reopens from the footer with the current choice, and closes without changing it', () => {
    const store = freshStore();
    store.acceptAll();
    const before = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    store.openPreferences();
    expect(store.getState()).toMatchObject({ bannerOpen: true, consent: { analytics: true } });
    store.closePreferences();
    expect(store.getState().bannerOpen).toBe(false);
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe(before);
  });

  it('cannot be closed without a choice on a first visit', () => {
    const store = freshStore();
    store.closePreferences();
    expect(store.getState().bannerOpen).toBe(true);
  });

  it('notifies subscribers, with a new snapshot only when something changed', () => {
    const store = freshStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const first = store.getState();
    expect(store.getState()).toBe(first);
    store.rejectOptional();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState()).not.toBe(first);
    unsubscribe();
    store.openPreferences();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['not JSON', '{oops'],
    ['a wrong shape', JSON.stringify({ analytics: 'yes', marketing: true, timestamp: 'x' })],
    ['null', 'null'],
  ])('treats %s in storage as no choice', (_name, raw) => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, raw);
    expect(freshStore().getState()).toEqual({ consent: null, bannerOpen: true });
  });

  it('still works for the visit when storage is unavailable', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store = createCookieConsentStore(() => broken);
    expect(store.getState().bannerOpen).toBe(true);
    store.acceptAll();
    expect(store.getState()).toMatchObject({ bannerOpen: false, consent: { analytics: true } });
  });

  it('takes over a choice made in another tab', () => {
    const store = freshStore();
    freshStore().acceptAll();
    store.reload();
    expect(store.getState()).toMatchObject({ bannerOpen: false, consent: { marketing: true } });
  });
});
