import { byIso } from './countries.ts';
import { serviceByCode } from './services.ts';

/** What the catalogue import needs to name what is new to the store: services and countries. */
export const marketFacts = {
  serviceName: (code: string): string | undefined => serviceByCode(code)?.name,
  /** A country the store can sell in: named, with a calling code ("+55"); none for uninhabited places. */
  countryFacts(iso: string) {
    const country = byIso(iso);
    if (!country?.dial) return undefined;
    return { namePt: country.namePt, nameEn: country.nameEn, dialCode: `+${country.dial}` };
  },
};
