import type { Db } from '../../db/client.ts';
import type { FeatureModule } from '../../module.ts';
import type { AccountService } from '../account/account.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { createKnownDevices } from './known-devices.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';

/**
 * The e-mails a user may turn off on /profile (a credited top-up, a refund, a password change, a sign-in
 * from a new browser): their settings, and the notices other features send through them.
 */
export function createNotificationsModule(deps: {
  db: Db;
  users: Pick<AccountService, 'findById'>;
  mail: MailService;
  publicUrl: string;
  now: () => Date;
}) {
  const { db, users, mail, publicUrl, now } = deps;
  const repository = createNotificationsRepository(db);
  const service = createNotificationsService({ repository, users, mail, publicUrl, now });
  const devices = createKnownDevices({ repository, notifications: service, publicUrl, now });
  const module: FeatureModule = {
    routes: async (app) => {
      await app.register(notificationsRoutes, { notifications: service });
    },
    tasks: [
      { name: 'notifications.forget-devices', intervalMs: 6 * 60 * 60_000, run: devices.purgeForgotten },
    ],
  };
  return { ...module, service, devices };
}
