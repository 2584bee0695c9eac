import { afterAll, describe, expect, it } from 'vitest';
import { createClock } from '../../test/helpers.ts';
import { createSeededTestDatabase } from '../../test/test-database.ts';
import { type CatalogRepository, createCatalogRepository } from './catalog.repository.ts';
import { CATEGORIES_TTL_MS, createCatalogService } from './catalog.service.ts';
import { createProductsRepository, type ProductsRepository } from './products.repository.ts';
import { createTrackRecordRepository } from './track-record.repository.ts';
import { createTrackRecords, type TrackRecords } from './track-record.ts';

const FIVE_MINUTES = 5 * 60_000;

describe('catalogue stock sync', async () => {
  const database = await createSeededTestDatabase();
  afterAll(() => database.close());
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const catalog = createCatalogService({
    repository: createCatalogRepository(database.db),
    products: createProductsRepository(database.db),
    trackRecords: createTrackRecords({
      repository: createTrackRecordRepository(database.db),
      now: clock.now,
    }),
  });

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

describe('the landing starting prices', () => {
  it('are read once per few seconds per process, then again', async () => {
    let reads = 0;
    let t = 0;
    const repository = {
      listCategoriesWithFromPrices: async () => {
        reads++;
        return [{ slug: 'sms', namePt: 'SMS', nameEn: 'SMS', fromBrl: 200 + reads, fromUsd: 200 }];
      },
    } as unknown as CatalogRepository;
    const catalog = createCatalogService({
      repository,
      products: {} as ProductsRepository,
      trackRecords: {} as TrackRecords,
      clock: () => t,
    });
    expect((await catalog.listCategories('BRL', 'pt'))[0]!.from_price).toBe(201);
    t += CATEGORIES_TTL_MS - 1;
    expect((await catalog.listCategories('BRL', 'en'))[0]!.from_price).toBe(201);
    t += 1;
    expect((await catalog.listCategories('BRL', 'pt'))[0]!.from_price).toBe(202);
    expect(reads).toBe(2);
  });
});
