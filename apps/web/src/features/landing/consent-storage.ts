// How the cookie choice is stored, without React: the pre-rendered pages' boot (src/landing-boot.ts)
// reads it to show the sent cookie banner only to a visitor who has not chosen yet.

export const COOKIE_CONSENT_KEY = 'numero.cookie-consent';

/** What is stored: essential cookies cannot be refused, so `essential` is always true. */
export interface CookieConsent {
  essential: true;
  analytics: boolean;
  marketing: boolean;
  /** ISO 8601 time of the choice, so a later policy change can ask again. */
  timestamp: string;
}

export function parseConsent(raw: string | null): CookieConsent | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { analytics, marketing, timestamp } = value as Record<string, unknown>;
    if (typeof analytics !== 'boolean' || typeof marketing !== 'boolean' || typeof timestamp !== 'string') {
      return null;
    }
    return { essential: true, analytics, marketing, timestamp };
  } catch {
    return null;
  }
}
