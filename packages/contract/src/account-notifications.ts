import { z } from 'zod';

/** The e-mails a user may turn off on /profile; every one is on until they do. */
export const NOTIFICATION_KINDS = [
  'topup_credited',
  'activation_refunded',
  'password_changed',
  'new_sign_in',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** GET /api/v1/users/me/notifications: each notification, on or off. */
export const NotificationSettings = z
  .object({
    topup_credited: z.boolean(),
    activation_refunded: z.boolean(),
    password_changed: z.boolean(),
    new_sign_in: z.boolean(),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** PATCH /api/v1/users/me/notifications: the ones to change; what is left out stays as it is. */
export const NotificationSettingsUpdate = NotificationSettings.partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdate>;
