import { join, resolve } from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createEventBus } from './db/event-bus.ts';
import { isDatabaseUnavailable } from './db/sql.ts';
import { createAccountModule } from './features/account/account.module.ts';
import { createPrivacyModule } from './features/account/privacy.module.ts';
import { createActivationsModule } from './features/activations/activations.module.ts';
import { createAdminModule, createStoreSettings } from './features/admin/admin.module.ts';
import { createAuditRepository } from './features/audit/audit.repository.ts';
import { createAuditService } from './features/audit/audit.service.ts';
import { createAuthModule } from './features/auth/auth.module.ts';
import { createCatalogModule } from './features/catalog/catalog.module.ts';
import { createEventsModule } from './features/events/events.module.ts';
import { createLedgerRepository } from './features/ledger/ledger.repository.ts';
import { createLedgerService } from './features/ledger/ledger.service.ts';
import { createMailModule } from './features/mail/mail.module.ts';
import { withMoneyNotices } from './features/notifications/money-notices.ts';
import { createNotificationsModule } from './features/notifications/notifications.module.ts';
import { createRentalsModule } from './features/rentals/rentals.module.ts';
import { createResellerModule, createResellerWebhooks } from './features/reseller/reseller.module.ts';
import { sendWebhook } from './features/reseller/webhook-sender.ts';
import { RETRY_DELAYS_MS } from './features/reseller/webhooks.service.ts';
import { createWalletModule } from './features/wallet/wallet.module.ts';
import { type Access, registerAccessControl } from './http/access.ts';
import { answerFrameworkError, registerErrorHandling } from './http/errors.ts';
import { healthRoutes } from './http/health.routes.ts';
import { registerLoadShedding } from './http/load-shedding.ts';
import { LOG_SECRET_FIELDS, loggableError, loggableRequest } from './http/log-serializers.ts';
import { registerOriginCheck } from './http/origin.ts';
import { createMemoryRateLimiter, createRateLimiter, createRedisRateLimiter } from './http/rate-limit.ts';
import { OneLinePerRequest, prettyLogStream } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { serializerCompiler } from './http/serializer.ts';
import { registerSessionLoading } from './http/session.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { registerWebApp } from './http/web-app.ts';
import './http/request-user.ts';
import { createScheduler } from './jobs/scheduler.ts';
import { limitPasswordWork } from './lib/password.ts';
import type { FeatureModule } from './module.ts';
import { buildNumberProviders, stockFromProviders } from './providers/numbers/build.ts';
import { marketFacts } from './providers/numbers/market/facts.ts';
import { createOperatorDirectory } from './providers/numbers/operators.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The clock every service reads; tests pass a controlled one. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  limitPasswordWork(config.passwordWork);
  const logger: FastifyServerOptions['logger'] = deps.logger ?? {
    level: config.logLevel,
    ...(config.logFormat === 'pretty' && { stream: prettyLogStream() }),
  };
  const app = Fastify({
    // Every logged request and error goes through serializers that leave out query strings and the values
    // bound to SQL statements.
    logger: typeof logger === 'object' && {
      // A field named as a secret is censored wherever a line carries it, at the top or one level down
      // (`{ webhook: { token } }`); card data is never logged, but would be censored the same way.
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          ...LOG_SECRET_FIELDS,
          ...LOG_SECRET_FIELDS.map((field) => `*.${field}`),
        ],
        censor: '[redacted]',
      },
      ...logger,
      serializers: { ...logger.serializers, err: loggableError, req: loggableRequest },
    },
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  /** Method + path → declared access of every API route, for the access-matrix test. */
  const declaredAccess = new Map<string, Access>();
  registerAccessControl(app, declaredAccess);
  registerOriginCheck(app, config.allowedOrigins);
  registerTextGuard(app);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('wallets', null);

  registerSecurityHeaders(app, { https: config.secureCookies });
  await registerLoadShedding(app, config.maxEventLoopDelayMs);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Numero API',
        version: '1.0.0',
        description: 'Virtual numbers for SMS verification codes.',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // The embedded database has one process: its limits are counted in that process's memory.
  const limiter = config.redis
    ? await connectRedisLimiter(app, config.redis, now)
    : database.kind === 'pglite'
      ? createMemoryRateLimiter(now)
      : createRateLimiter(database.db, now);

  // Every module is built once, here, in dependency order; features get each other's services only
  // through these arguments.
  const db = database.db;
  // Any process that records an SMS, moves a wallet, ends a session or changes the catalogue tells the others.
  const bus = createEventBus(database, {
    onLost: (err) => app.log.warn({ err }, 'event bus connection lost: reconnecting every second'),
    onBack: () => app.log.info('event bus listening again'),
  });
  app.addHook('onClose', () => bus.close());
  const audit = createAuditService({ repository: createAuditRepository(db), now });
  const ledger = createLedgerService({ repository: createLedgerRepository(db) });
  const numberProviders = buildNumberProviders(config.numbers, now, config);
  const settings = createStoreSettings({ db, audit, now, config });
  // The sellers' operators, remembered a few minutes: the purchase dialog, the protocol and purchases ask.
  const operators = createOperatorDirectory({
    providers: numberProviders,
    enabled: async () => (await settings.activationRules()).providerOrder,
    now: () => now().getTime(),
    onError: (provider, err) => app.log.warn({ provider, err }, 'operators of a number provider unknown'),
  });
  const webhookPolicy = { production: config.env === 'production' };
  const account = createAccountModule({ db, audit, webhookPolicy, now });
  const mail = createMailModule({ config, db, log: app.log, now });
  const notifications = createNotificationsModule({
    db,
    users: account.service,
    mail: mail.service,
    publicUrl: config.publicUrl,
    now,
  });
  const auth = createAuthModule({
    config,
    db,
    users: account.service,
    audit,
    limiter,
    mail: mail.service,
    notices: notifications.service,
    devices: notifications.devices,
    registrations: settings.registrationRule,
    now,
  });
  const catalog = createCatalogModule({
    db,
    audit,
    stock: stockFromProviders(numberProviders),
    numberProviders,
    operators,
    rates: config.numbers.rates,
    enabledProviders: async () => (await settings.activationRules()).providerOrder,
    importSettings: config.numbers.catalogImport,
    market: marketFacts,
    bus,
    now,
  });
  const webhooks = createResellerWebhooks({ db, policy: webhookPolicy, log: app.log, now });
  // Sessions are remembered for a few seconds only while this process hears the database's session
  // messages; a process that cannot listen reads every session from the database.
  await auth.sessions
    .followChanges(bus)
    .catch((err) => app.log.warn({ err }, 'session messages unheard: sessions read on every request'));
  const { secureCookies } = config;
  const events = createEventsModule({ db, bus, sessions: auth.sessions, secureCookies, now });
  // A credit or refund reaches the customer's mailbox. Every wallet change reaches their open pages
  // too, recorded by the database with the ledger entry (migration 0023).
  const liveLedger = withMoneyNotices(ledger, notifications.service);
  const activations = createActivationsModule({
    db,
    ledger: liveLedger,
    events: events.service,
    catalog: catalog.service,
    audit,
    providers: numberProviders,
    operators,
    limiter,
    upstreamTimeoutMs: config.numbers.timeoutMs,
    rules: settings.activationRules,
    log: app.log,
    onSmsReceived: webhooks.onSmsReceived,
    now,
    inbound: config.numbers.inbound,
  });
  const rentals = createRentalsModule({
    db,
    ledger: liveLedger,
    catalog: catalog.service,
    audit,
    providers: numberProviders,
    providerOrder: async () => (await settings.activationRules()).providerOrder,
    events: events.service,
    webhookPolicy,
    webhookSender: { send: sendWebhook, retryDelaysMs: RETRY_DELAYS_MS },
    log: app.log,
    now,
  });
  const wallet = await createWalletModule({
    config,
    db,
    ledger: liveLedger,
    audit,
    userExists: async (id, ex) => Boolean(await account.service.findById(id, ex)),
    limiter,
    topupLimits: settings.topupLimits,
    sandboxAllowed: settings.sandboxPaymentsAllowed,
    log: app.log,
    now,
  });
  const reseller = createResellerModule({
    apiKeys: account.apiKeys,
    activations: activations.customerActivations,
    catalog: catalog.service,
    ledger: liveLedger,
    webhooks,
    operators,
    rentals: rentals.service,
    limiter,
    requestsPerSecond: config.resellerRequestsPerSecond,
    bus,
    now,
  });
  const admin = createAdminModule({
    db,
    users: account.service,
    auth: auth.service,
    audit,
    settings,
    apiKeys: account.apiKeys,
    providers: numberProviders,
    now,
  });
  const privacy = createPrivacyModule({ db, audit, secureCookies: config.secureCookies, now });
  const modules: FeatureModule[] = [
    auth,
    account,
    catalog,
    activations,
    rentals,
    wallet,
    reseller,
    admin,
    mail,
    notifications,
    privacy,
    events,
  ];

  // After the cookie plugin: its own onRequest hook parses the cookies this one reads.
  registerSessionLoading(app, { sessions: auth.sessions, secureCookies: config.secureCookies });
  await app.register(healthRoutes, {
    database,
    config,
    topupLimits: settings.topupLimits,
    payerRequired: wallet.payerRequired,
  });
  for (const module of modules) await module.routes(app);
  const tasks = modules.flatMap((m) => m.tasks);

  const scheduler = createScheduler(tasks, {
    onError: (task, err) => app.log.error({ err, task }, 'background task failed'),
    subscribe: (channel, handler) => bus.subscribe(channel, handler),
    database: { isUnavailable: isDatabaseUnavailable, ping: () => database.ping() },
    onOutage: (event) =>
      event.state === 'down'
        ? app.log.error(
            { err: event.err, task: event.task },
            'database out of reach: background tasks paused until it answers',
          )
        : app.log.warn({ downMs: event.downMs }, 'database answers again: background tasks resumed'),
  });
  if (config.runJobs) app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
  app.addHook('onClose', () => mail.close());

  await registerWebApp(app, {
    dist: resolve(config.webDist ?? join(import.meta.dirname, '../../web/dist')),
    demo: config.demo,
    secureCookies: config.secureCookies,
  });
  return Object.assign(app, { declaredAccess, scheduler });
}

export type App = Awaited<ReturnType<typeof buildApp>>;

async function connectRedisLimiter(
  app: FastifyInstance,
  redis: { url: string; prefix: string },
  now: () => Date,
) {
  // Loaded only when configured: evaluating the client module costs start-up time for nothing otherwise.
  const { createClient } = await import('redis');
  const client = createClient({ url: redis.url });
  // A broken connection must not crash the process: node-redis reconnects, and a hit fails meanwhile.
  client.on('error', (err) => app.log.warn({ err }, 'redis connection error'));
  await client.connect();
  app.addHook('onClose', async () => {
    await client.close();
  });
  return createRedisRateLimiter(client, now, redis.prefix);
}
