import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.ts';
import { seed } from '../../db/seed.ts';
import { createClock, createTestDatabase } from '../../test/helpers.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { createCatalogService } from './catalog.service.ts';

const FIVE_MINUTES = 5 * 60_000;

describe('catalogue stock sync', async () => {
  const database = await createTestDatabase();
  await migrate(database);
  await seed(database, { adminEmail: 'admin@numero.test', adminPassword: 'admin-password-for-tests' });
  afterAll(() => database.close());
  const catalog = createCatalogService({ repository: createCatalogRepository(database.db) });
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));

  it('asks upstream once per interval across every process, and keeps counts it could not get', async () => {
    const asked: string[] = [];
    const source = async (service: string, country: string) => {
      asked.push(`${service}-${country}`);
      if (service === 'wa') return null;
      return service === 'tg' ? 0 : 7;
    };
    const waBefore = (await catalog.listProducts({ service: 'wa', country: 'BR' }, 'BRL', 'pt'))[0]!.stock;

    // Two processes at the same moment: one of them does the work.
    const runs = await Promise.all([
      catalog.syncStock(source, clock.now(), FIVE_MINUTES),
      catalog.syncStock(source, clock.now(), FIVE_MINUTES),
    ]);
    expect(runs.filter((r) => r.ran)).toHaveLength(1);
    expect(asked).toHaveLength(14 * 13);

    const products = await catalog.listProducts({}, 'BRL', 'pt');
    expect(products.find((p) => p.sku === 'WA-BR')!.stock).toBe(waBefore);
    expect(products.find((p) => p.sku === 'TG-BR')).toMatchObject({ stock: 0, available: false });
    expect(products.find((p) => p.sku === 'GO-BR')).toMatchObject({ stock: 7, available: true });

    clock.advance(FIVE_MINUTES - 1);
    expect((await catalog.syncStock(source, clock.now(), FIVE_MINUTES)).ran).toBe(false);
    clock.advance(1);
    const again = await catalog.syncStock(source, clock.now(), FIVE_MINUTES);
    expect(again).toEqual({ ran: true, changed: 0 });
  });
});
