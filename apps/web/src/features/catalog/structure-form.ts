import { zodResolver } from '@hookform/resolvers/zod';
import {
  AdminCategoryCreate,
  type AdminCategoryUpdate,
  AdminCountryUpdate,
} from '@numero/contract/catalog-structure';
import type { FieldError, Resolver, ResolverResult } from 'react-hook-form';
import { z } from 'zod';
import { keyedResolver } from '../../lib/keyed-resolver.ts';

/** Keys (namespace `admin-structure`) of the messages of the categories and countries forms. */
const STRUCTURE_MESSAGES = {
  slug: 'errors.slug',
  name: { blank: 'errors.required', invalid: 'errors.tooLong' },
  dial: 'errors.dial',
  protocol: 'errors.protocol',
} as const;

/** The longest category or country name the contract takes. */
export const NAME_MAX = 60;

export interface CategoryNames {
  namePt: string;
  nameEn: string;
}

export interface CategoryNewFields extends CategoryNames {
  slug: string;
}

const names = {
  namePt: AdminCategoryCreate.shape.name_pt,
  nameEn: AdminCategoryCreate.shape.name_en,
};

const newCategorySchema = z
  .object({ slug: AdminCategoryCreate.shape.slug, ...names })
  .transform((f): AdminCategoryCreate => ({ slug: f.slug, name_pt: f.namePt, name_en: f.nameEn }));

/** "Nova categoria": the output is the body of POST /admin/categories, as its contract checks it. */
export const categoryNewResolver = keyedResolver<CategoryNewFields, AdminCategoryCreate>(newCategorySchema, {
  slug: STRUCTURE_MESSAGES.slug,
  namePt: STRUCTURE_MESSAGES.name,
  nameEn: STRUCTURE_MESSAGES.name,
});

const renameSchema = z
  .object(names)
  .transform((f): AdminCategoryUpdate => ({ name_pt: f.namePt, name_en: f.nameEn }));

/** A category's two names, renamed by PATCH /admin/categories/{id}. */
export const categoryRenameResolver = keyedResolver<CategoryNames, AdminCategoryUpdate>(renameSchema, {
  namePt: STRUCTURE_MESSAGES.name,
  nameEn: STRUCTURE_MESSAGES.name,
});

/** A country's row as typed: the dialling code and the protocol number. */
export interface CountryFields {
  dial: string;
  protocol: string;
}

export type CountryChanges = Required<Pick<AdminCountryUpdate, 'dial_code' | 'protocol_id'>>;

// Text read as the value the contract checks; what cannot be read becomes a value its rule refuses.
const countrySchema = z
  .object({
    dial: AdminCountryUpdate.shape.dial_code.unwrap(),
    protocol: z
      .string()
      .transform((text) => {
        const trimmed = text.trim();
        if (trimmed === '') return null;
        return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : -1;
      })
      .pipe(AdminCountryUpdate.shape.protocol_id.unwrap()),
  })
  .transform((f): CountryChanges => ({ dial_code: f.dial, protocol_id: f.protocol }));

/** Every row of /admin/countries as typed, by country code. */
export interface CountriesFields {
  rows: Record<string, CountryFields>;
}

const countriesSchema = z.object({ rows: z.record(z.string(), countrySchema) });

const COUNTRY_MESSAGES: Record<keyof CountryFields, string> = {
  dial: STRUCTURE_MESSAGES.dial,
  protocol: STRUCTURE_MESSAGES.protocol,
};

type RowErrors = Partial<Record<keyof CountryFields, FieldError>>;

/**
 * react-hook-form's resolver for the countries table: each row checked by the contract's
 * AdminCountryUpdate; its output is, by country code, what PATCH /admin/countries/{code} receives.
 */
export const countriesResolver: Resolver<CountriesFields, unknown, Record<string, CountryChanges>> = async (
  values,
  context,
  options,
) => {
  const result = await zodResolver(countriesSchema)(values, context, options);
  const rows = (result.errors as { rows?: Record<string, RowErrors> }).rows ?? {};
  for (const row of Object.values(rows))
    for (const field of Object.keys(COUNTRY_MESSAGES) as (keyof CountryFields)[]) {
      const error = row[field];
      if (error) error.message = COUNTRY_MESSAGES[field];
    }
  if (Object.keys(result.errors).length > 0)
    return result as ResolverResult<CountriesFields, Record<string, CountryChanges>>;
  return { values: (result.values as unknown as { rows: Record<string, CountryChanges> }).rows, errors: {} };
};

/** The same check for one row without a form: what to send, or null when the contract refuses it. */
export const countryChanges = (fields: CountryFields): CountryChanges | null => {
  const result = countrySchema.safeParse(fields);
  return result.success ? result.data : null;
};
