import type { NotificationSettings } from '@numero/contract/account-notifications';
import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { knownDevices, notificationSettings } from '../../db/schema/index.ts';

/** Every notification is on until the user turns it off. */
export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  topup_credited: true,
  activation_refunded: true,
  password_changed: true,
  new_sign_in: true,
};

export function createNotificationsRepository(db: Executor) {
  return {
    async settings(userId: string, ex: Executor = db): Promise<NotificationSettings> {
      const [row] = await ex
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId));
      if (!row) return { ...DEFAULT_NOTIFICATIONS };
      return {
        topup_credited: row.topupCredited,
        activation_refunded: row.activationRefunded,
        password_changed: row.passwordChanged,
        new_sign_in: row.newSignIn,
      };
    },

    async saveSettings(userId: string, s: NotificationSettings, at: Date, ex: Executor = db): Promise<void> {
      const values = {
        topupCredited: s.topup_credited,
        activationRefunded: s.activation_refunded,
        passwordChanged: s.password_changed,
        newSignIn: s.new_sign_in,
        updatedAt: at,
      };
      await ex
        .insert(notificationSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
    },

    async hasAnyDevice(userId: string, ex: Executor = db): Promise<boolean> {
      const rows = await ex
        .select({ hash: knownDevices.deviceHash })
        .from(knownDevices)
        .where(eq(knownDevices.userId, userId))
        .limit(1);
      return rows.length > 0;
    },

    async hasDevice(userId: string, deviceHash: string): Promise<boolean> {
      const rows = await db
        .select({ hash: knownDevices.deviceHash })
        .from(knownDevices)
        .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)))
        .limit(1);
      return rows.length > 0;
    },

    /** Records a sign-in from this device; true when the user had never signed in from it. */
    async seeDevice(
      userId: string,
      deviceHash: string,
      userAgent: string | null,
      at: Date,
      ex: Executor = db,
    ): Promise<boolean> {
      const inserted = await ex
        .insert(knownDevices)
        .values({ userId, deviceHash, userAgent, firstSeenAt: at, lastSeenAt: at })
        .onConflictDoNothing()
        .returning({ hash: knownDevices.deviceHash });
      if (inserted.length > 0) return true;
      await ex
        .update(knownDevices)
        .set({ lastSeenAt: at, userAgent })
        .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)));
      return false;
    },

    async forgetDevicesSeenBefore(before: Date): Promise<void> {
      await db.delete(knownDevices).where(lt(knownDevices.lastSeenAt, before));
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
