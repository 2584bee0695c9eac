import { z } from 'zod';

const Row = z.record(z.string(), z.unknown());

/**
 * GET /api/v1/users/me/export: everything the store keeps about the caller (LGPD art. 18, II and V).
 * Readable by a person and by the programs that read earlier files: every row keeps its fields (codes,
 * and amounts in integer cents of the row's currency: `amount`, `price`, `balance`) and adds beside them
 * `<field>_cents` (the same cents, named as such), `<field>_formatted` ("R$ 5,00") and, in the language
 * of `units.language`, `what` (transactions, audit) or `status_text` (orders, rentals, top-ups).
 */
export const PersonalDataExport = z.object({
  exported_at: z.string(),
  /** How to read the file: the language of its words, and what its amounts are. */
  units: z.object({ language: z.enum(['pt', 'en']), money: z.string() }),
  profile: Row,
  two_factor_enabled: z.boolean(),
  wallets: z.array(Row),
  transactions: z.array(Row),
  top_ups: z.array(Row),
  orders: z.array(Row),
  /** Rented numbers: `price` is all that was paid (extensions included), `hours` all that was rented. */
  rentals: z.array(Row),
  /** Every SMS shown to the user, with the `order_id` (activation) or `rental_id` it came to. */
  sms_received: z.array(Row),
  api_keys: z.array(Row),
  /** The services marked as favourites on the products page. */
  favourite_services: z.array(Row),
  /** The browsers the user signed in from (their user agent and when), never the device cookie. */
  sign_in_devices: z.array(Row),
  audit: z.array(Row),
});
export type PersonalDataExport = z.infer<typeof PersonalDataExport>;

/** GET /api/v1/users/me/deletion: what deleting the account gives up, shown before the user confirms. */
export const DeletionPreview = z.object({
  balances: z.array(z.object({ currency: z.enum(['BRL', 'USD']), amount: z.number().int() })),
  open_orders: z.number().int(),
});
export type DeletionPreview = z.infer<typeof DeletionPreview>;

/** POST /api/v1/users/me/delete: the account's email, typed again, confirms. */
export const DeleteAccountRequest = z
  .object({ confirm_email: z.string().trim().toLowerCase().pipe(z.email().max(254)) })
  .strict();
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

/** Whether the typed confirmation names the account being deleted: its address, whatever the case. */
export function confirmsAccount(body: DeleteAccountRequest, accountEmail: string): boolean {
  return body.confirm_email === accountEmail.toLowerCase();
}
