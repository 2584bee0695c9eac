import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createClient } from 'redis';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { usersRoutes } from './features/account/account.routes.ts';
import { createUsersService } from './features/account/account.service.ts';
import { createUsersRepository } from './features/account/users.repository.ts';
import { registerActivations } from './features/activations/activations.plugin.ts';
import { registerAdmin } from './features/admin/admin.plugin.ts';
import { registerAdminCatalog } from './features/admin-catalog/admin-catalog.plugin.ts';
import { createAuditRepository } from './features/audit/audit.repository.ts';
import { createAuditService } from './features/audit/audit.service.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { createOidcClient } from './features/auth/oidc.client.ts';
import { createOidcRepository } from './features/auth/oidc.repository.ts';
import { createOidcService } from './features/auth/oidc.service.ts';
import { createSessionRepository } from './features/auth/session.repository.ts';
import { createSessionService } from './features/auth/session.service.ts';
import { createCatalogRepository } from './features/catalog/catalog.repository.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { createCatalogService } from './features/catalog/catalog.service.ts';
import type { FeatureContext } from './features/context.ts';
import { createLedgerRepository } from './features/ledger/ledger.repository.ts';
import { createLedgerService } from './features/ledger/ledger.service.ts';
import { registerReseller } from './features/reseller/reseller.plugin.ts';
import { registerWallet } from './features/wallet/wallet.plugin.ts';
import { type Access, registerAccessControl } from './http/access.ts';
import { registerErrorHandling, sendError } from './http/errors.ts';
import { healthRoutes } from './http/health.routes.ts';
import { registerOriginCheck } from './http/origin.ts';
import { createRateLimiter, createRedisRateLimiter } from './http/rate-limit.ts';
import { registerSessionLoading } from './http/session.ts';
import './http/request-user.ts';
import { createScheduler, type PeriodicTask } from './jobs/scheduler.ts';

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
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  /** Method + path → declared access of every API route, for the access-matrix test. */
  const declaredAccess = new Map<string, Access>();
  registerAccessControl(app, declaredAccess);
  registerOriginCheck(app, config.allowedOrigins);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    hsts: config.secureCookies,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(cookie);
  const sessions = createSessionService({ repository: createSessionRepository(database.db), now });
  // After the cookie plugin: its own onRequest hook parses the cookies this one reads.
  registerSessionLoading(app, { sessions, secureCookies: config.secureCookies });
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

  const catalog = createCatalogService({ repository: createCatalogRepository(database.db) });

  const limiter = config.redis
    ? await connectRedisLimiter(app, config.redis, now)
    : createRateLimiter(database.db, now);
  const audit = createAuditService({ repository: createAuditRepository(database.db), now });
  const users = createUsersService({ repository: createUsersRepository(database.db), audit, now });
  const auth = createAuthService({ db: database.db, users, sessions, audit, limiter, now });
  const oidc = createOidcService({
    client: config.oidc
      ? createOidcClient({ ...config.oidc, redirectUri: `${config.publicUrl}/auth-callback` }, { now })
      : null,
    provider: config.oidc?.issuer ?? '',
    db: database.db,
    repository: createOidcRepository(database.db),
    users,
    auth,
    audit,
    limiter,
    now,
  });

  await app.register(healthRoutes, { database });
  await app.register(catalogRoutes, { catalog });
  await app.register(authRoutes, { auth, oidc, secureCookies: config.secureCookies });
  await app.register(usersRoutes, { users });

  const tasks: PeriodicTask[] = [];
  tasks.push({
    name: 'accounts.purge-expired',
    intervalMs: 15 * 60_000,
    run: async () => {
      await auth.purgeExpired();
      await oidc.purgeExpiredStates();
    },
  });
  const ctx: FeatureContext = {
    app,
    config,
    database,
    now,
    ledger: createLedgerService({ repository: createLedgerRepository(database.db) }),
    audit,
    users,
    auth,
    limiter,
    addTask: (task) => tasks.push(task),
  };
  await registerWallet(ctx);
  await registerActivations(ctx);
  await registerAdmin(ctx);
  await registerAdminCatalog(ctx);
  // After activations: the reseller protocol buys through the activations service.
  await registerReseller(ctx);

  const scheduler = createScheduler(tasks, (task, err) =>
    app.log.error({ err, task }, 'background task failed'),
  );
  if (config.runJobs) app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());

  await registerSpa(app, config);
  return Object.assign(app, { declaredAccess, scheduler });
}

export type App = Awaited<ReturnType<typeof buildApp>>;

async function connectRedisLimiter(
  app: FastifyInstance,
  redis: { url: string; prefix: string },
  now: () => Date,
) {
  const client = createClient({ url: redis.url });
  // A broken connection must not crash the process: node-redis reconnects, and a hit fails meanwhile.
  client.on('error', (err) => app.log.warn({ err }, 'redis connection error'));
  await client.connect();
  app.addHook('onClose', async () => {
    await client.close();
  });
  return createRedisRateLimiter(client, now, redis.prefix);
}

/** Serves the built web app; any other GET outside the API gets index.html and the SPA routes it. */
async function registerSpa(app: FastifyInstance, config: Config) {
  const dist = resolve(config.webDist ?? join(import.meta.dirname, '../../web/dist'));
  const hasSpa = existsSync(join(dist, 'index.html'));
  if (hasSpa) await app.register(fastifyStatic, { root: dist, wildcard: false, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/stubs/');
    if (hasSpa && isPage) return reply.type('text/html').sendFile('index.html');
    return sendError(request, reply, 404, 'NOT_FOUND');
  });
}
