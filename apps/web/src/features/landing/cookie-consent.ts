import { useSyncExternalStore } from 'react';

import { COOKIE_CONSENT_KEY, type CookieConsent, parseConsent } from './consent-storage.ts';

export type { CookieConsent };
export { COOKIE_CONSENT_KEY };

export type OptionalCategories = Pick<CookieConsent, 'analytics' | 'marketing'>;

export interface CookieConsentState {
  consent: CookieConsent | null;
  /** The banner shows until a choice is made, and again when the footer asks for it. */
  bannerOpen: boolean;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * A tiny external store: the banner and the footer's "cookie preferences" button share it without a
 * context provider, and React reads it through useSyncExternalStore.
 */
export function createCookieConsentStore(
  storage: () => StorageLike | null,
  now: () => Date = () => new Date(),
) {
  let state: CookieConsentState | null = null;
  const listeners = new Set<() => void>();

  function read(): CookieConsent | null {
    try {
      return parseConsent(storage()?.getItem(COOKIE_CONSENT_KEY) ?? null);
    } catch {
      // Storage can throw (privacy modes, disabled cookies): behave as if nothing was chosen yet.
      return null;
    }
  }

  function getState(): CookieConsentState {
    if (!state) {
      const consent = read();
      state = { consent, bannerOpen: consent === null };
    }
    return state;
  }

  function setState(next: CookieConsentState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function save(choice: OptionalCategories): CookieConsent {
    const consent: CookieConsent = {
      essential: true,
      analytics: choice.analytics,
      marketing: choice.marketing,
      timestamp: now().toISOString(),
    };
    try {
      storage()?.setItem(COOKIE_CONSENT_KEY, JSON.stringify(consent));
    } catch {
      // Not persisted, but the choice still holds for this visit.
    }
    setState({ consent, bannerOpen: false });
    return consent;
  }

  return {
    getState,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    save,
    acceptAll: () => save({ analytics: true, marketing: true }),
    rejectOptional: () => save({ analytics: false, marketing: false }),
    /** Reopens the banner (the footer's button). */
    openPreferences() {
      setState({ ...getState(), bannerOpen: true });
    },
    /** Closes without a new choice; only allowed once a choice exists, or the banner would vanish unanswered. */
    closePreferences() {
      const current = getState();
      if (current.consent) setState({ ...current, bannerOpen: false });
    },
    /** Another tab changed the choice: take it over. */
    reload() {
      const consent = read();
      setState({ consent, bannerOpen: consent === null });
    },
    hasConsent(category: keyof OptionalCategories): boolean {
      return getState().consent?.[category] === true;
    },
  };
}

export type CookieConsentStore = ReturnType<typeof createCookieConsentStore>;

function browserStorage(): Storage | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

export const cookieConsentStore = createCookieConsentStore(browserStorage);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === COOKIE_CONSENT_KEY) cookieConsentStore.reload();
  });
}

export function useCookieConsent(store: CookieConsentStore = cookieConsentStore): CookieConsentState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** For the footer: reopens the banner from anywhere. */
export function openCookiePreferences() {
  cookieConsentStore.openPreferences();
}
