import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FeatureModule } from '../../module.ts';
import { demoOutboxRoutes } from './mail.routes.ts';
import { createMailService } from './mail.service.ts';
import { createOutboxRepository } from './outbox.repository.ts';
import { createSmtpTransport } from './smtp.transport.ts';

/**
 * E-mail for the other features: they queue a message in their own transaction, a background task sends
 * it over SMTP and retries until the relay takes it. Without SMTP_URL mail stays in the outbox table.
 */
export function createMailModule(deps: {
  config: Pick<Config, 'mail' | 'demo' | 'runJobs'>;
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { config, db, log, now } = deps;
  const transport = config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl, config.mail.from) : null;
  const service = createMailService({
    repository: createOutboxRepository(db),
    transport,
    now,
    sendSoon: config.runJobs,
    onSendError: (err, row) =>
      log.warn({ err, mailId: row.id, attempts: row.attempts }, 'mail not sent yet; it will be retried'),
  });
  const module: FeatureModule = {
    routes: async (app) => {
      if (config.demo) await app.register(demoOutboxRoutes, { mail: service });
    },
    tasks: transport ? [{ name: 'mail.deliver', intervalMs: 15_000, run: () => service.deliverDue() }] : [],
  };
  return {
    ...module,
    service,
    async close() {
      await service.settled();
      transport?.close();
    },
  };
}
