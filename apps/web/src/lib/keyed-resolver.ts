import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A field's message: one text key, or one for a field left blank and another for a wrong value. */
export type FieldMessage = string | { blank: string; invalid: string };

/**
 * react-hook-form's resolver for a schema whose refusals are shown in the page's own words: a field the
 * schema refuses carries `messages[field]` (a text key) instead of zod's message.
 */
export function keyedResolver<Fields extends FieldValues, Output>(
  schema: z.ZodType<Output, Fields>,
  messages: Partial<Record<keyof Fields & string, FieldMessage>>,
): Resolver<Fields, unknown, Output> {
  const check = zodResolver(schema);
  return async (values, context, options) => {
    const result = await check(values, context, options);
    for (const [field, key] of Object.entries(messages)) {
      const error = result.errors[field];
      if (!error || !key) continue;
      const typed: unknown = values[field];
      const blank = typeof typed === 'string' && typed.trim() === '';
      error.message = typeof key === 'string' ? key : blank ? key.blank : key.invalid;
    }
    return result as Awaited<ReturnType<Resolver<Fields, unknown, Output>>>;
  };
}

/** The first of `order` (message keys) that some field's error carries: the one problem a form's alert names. */
export function firstProblem<Key extends string>(errors: FieldErrors, order: readonly Key[]): Key | null {
  const found = new Set(Object.values(errors).map((e) => e?.message));
  return order.find((key) => found.has(key)) ?? null;
}
