import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { createSeededTestDatabase } from '../../test/test-database.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { createCatalogImportRepository } from './catalog-import.repository.ts';
import { createCatalogShelf, SHELF_MAX_MS } from './catalog-shelf.ts';
import { createPricingRepository } from './pricing.repository.ts';
import { createProductsRepository } from './products.repository.ts';
import { type Shelf, sameShelf } from './shelf-stock.ts';

/** The shelf renews every few seconds, and reads the whole catalogue again only when something was written. */
describe('the shelf renewed only when the catalogue changed', async () => {
  const database = await createSeededTestDatabase();
  afterAll(() => database.close());
  const db = database.db;
  let t = 0;
  const products = createProductsRepository(db);
  const trackRecords = {
    current: async () => () => ({ success_rate: null, median_seconds_to_code: null, sample_size: 0 }),
  };
  const shelf = createCatalogShelf({
    repository: createCatalogRepository(db),
    products,
    trackRecords,
    now: () => t,
  });
  const at = new Date('2026-03-01T12:00:00Z');
  /** The BRL shelf once it was renewed by time alone: past SHELF_MAX_MS a caller waits for the renewal. */
  const renewed = async () => {
    t += SHELF_MAX_MS;
    return shelf.memory.get('BRL');
  };
  /** A product of the BRL shelf by SKU, or null when it is not on sale. */
  const offer = async (sku: string) => {
    const s = await shelf.memory.get('BRL');
    const [service, country] = sku.split('-') as [string, string];
    const p = Array.from(s.all).find(
      (p) =>
        s.services[s.service[p]!]!.code === service.toLowerCase() &&
        s.countries[s.country[p]!]!.code === country,
    );
    return p === undefined ? null : { price: s.price[p]!, stock: s.stock[p]!, id: s.id[p]! };
  };

  it('keeps the shelf without reading the catalogue while nothing is written', async () => {
    const first = await shelf.memory.get('BRL');
    const reads = shelf.reads();
    for (let i = 0; i < 3; i++) expect(await renewed()).toBe(first);
    expect(shelf.reads()).toBe(reads);
  });

  it('shows a sale, a stock sync, a price, an import and a pause for a cost at the next renewal', async () => {
    const wa = (await offer('WA-BR'))!;
    await products.decrementStock(wa.id);
    await renewed();
    expect((await offer('WA-BR'))!.stock).toBe(wa.stock - 1);

    await products.updateStock([{ id: wa.id, stock: 77 }], at);
    await renewed();
    expect((await offer('WA-BR'))!.stock).toBe(77);

    // What a pricing rule or a person writes.
    await createPricingRepository(db).setPrice(wa.id, 'BRL', 1_234, at, db);
    await renewed();
    expect((await offer('WA-BR'))!.price).toBe(1_234);

    // The import: a product new to the store, then its pause for a seller's cost above the price.
    const imports = createCatalogImportRepository(db);
    await imports.insertCountries([
      { code: 'ZZ', namePt: 'Zzz', nameEn: 'Zzz', dialCode: '999', active: true },
    ]);
    const ids = await imports.insertProducts(
      [{ service: 'wa', country: 'ZZ', price: { BRL: 500, USD: 100 }, stock: 9, active: true }],
      at,
    );
    await renewed();
    expect(await offer('WA-ZZ')).toMatchObject({ price: 500, stock: 9 });
    await imports.setHolds([{ id: ids.get('wa/ZZ')!, hold: 'cost_above_price' }], at);
    await renewed();
    expect(await offer('WA-ZZ')).toBeNull();
  });

  it('shows a staff rename or hide at once when its message forgets the shelf, and without it at the next renewal', async () => {
    await db.execute(sql`UPDATE services SET name = 'Zap' WHERE code = 'wa'`);
    shelf.memory.forget(); // what a message on catalog_changed does
    const s = await shelf.memory.get('BRL');
    expect(s.services[s.serviceAt.get('wa')!]!.name).toBe('Zap');

    // A message missed (the bus was down): the count of writes still moves.
    await db.execute(sql`UPDATE countries SET is_active = false WHERE code = 'DE'`);
    const hidden = await renewed();
    expect(hidden.countryAt.has('DE')).toBe(false);
    await db.execute(sql`UPDATE services SET is_active = false WHERE code = 'tg'`);
    expect((await renewed()).serviceAt.has('tg')).toBe(false);
  });

  it('counts every write across the folding of many, so that none is missed', async () => {
    const count = async () => (await createCatalogRepository(db).catalogChanges(null)).writes;
    const before = await count();
    // 1,050 statements that each write nothing still count: the database cannot tell them apart cheaply.
    await db.execute(
      sql.raw(
        "DO $$ BEGIN FOR i IN 1..1050 LOOP UPDATE countries SET name_pt = name_pt WHERE code = '--'; END LOOP; END $$",
      ),
    );
    expect(await count()).toBe(before + 1_050);
    // Folded now into the running total: the rows are gone, the count the same.
    const [pending] = await queryRows<{ n: string }>(db, sql`SELECT count(*) AS n FROM catalog_writes`);
    expect(Number(pending!.n)).toBe(0);
    expect(await count()).toBe(before + 1_050);
  });

  it('patches a sale or a stock sync into the shelf without reading the whole catalogue', async () => {
    await renewed(); // what the tests before wrote
    const ig = (await offer('IG-US'))!;
    const reads = shelf.reads();
    await products.decrementStock(ig.id);
    const before = await shelf.memory.get('BRL');
    expect((await renewed()).stock).not.toBe(before.stock);
    expect((await offer('IG-US'))!.stock).toBe(ig.stock - 1);

    await products.updateStock([{ id: ig.id, stock: 40 }], at);
    await renewed();
    expect((await offer('IG-US'))!.stock).toBe(40);
    expect(shelf.reads()).toBe(reads);
  });

  // PGlite runs one transaction at a time: one left open would stop the renewal.
  it.skipIf(!process.env.DATABASE_URL)(
    'shows a sale committed during a renewal at the next one',
    async () => {
      const ig = (await offer('IG-US'))!;
      const wa = (await offer('WA-BR'))!;
      const reads = shelf.reads();
      let commit = () => {};
      const held = new Promise<void>((resolve) => {
        commit = resolve;
      });
      const sale = db.transaction(async (tx) => {
        await createProductsRepository(tx).updateStock([{ id: wa.id, stock: wa.stock + 5 }], at);
        await held;
      });
      await products.decrementStock(ig.id);
      await renewed();
      commit();
      await sale;
      expect((await offer('IG-US'))!.stock).toBe(ig.stock - 1);
      expect((await offer('WA-BR'))!.stock).toBe(wa.stock);
      await renewed();
      expect((await offer('WA-BR'))!.stock).toBe(wa.stock + 5);
      expect(shelf.reads()).toBe(reads);
    },
  );

  it('reads the whole catalogue for a price, a name, or these mixed with a sale', async () => {
    const ig = (await offer('IG-US'))!;
    const wa = (await offer('WA-BR'))!;
    const reads = shelf.reads();
    await createPricingRepository(db).setPrice(ig.id, 'BRL', 4_321, at, db);
    await renewed();
    expect(shelf.reads()).toBe(reads + 1);
    expect((await offer('IG-US'))!.price).toBe(4_321);

    await db.execute(sql`UPDATE services SET name = 'Insta' WHERE code = 'ig'`);
    await products.decrementStock(wa.id);
    const s = await renewed();
    expect(shelf.reads()).toBe(reads + 2);
    expect(s.services[s.serviceAt.get('ig')!]!.name).toBe('Insta');
    expect((await offer('WA-BR'))!.stock).toBe(wa.stock - 1);

    // Stock and price in one statement: not stock alone.
    await db.execute(sql`UPDATE products SET stock = 3, price_brl = 999 WHERE id = ${wa.id}`);
    await renewed();
    expect(shelf.reads()).toBe(reads + 3);
    expect(await offer('WA-BR')).toMatchObject({ stock: 3, price: 999 });
  });

  it('moves a product that sells out behind those in stock, and back, as a whole read would, without one', async () => {
    const wa = (await offer('WA-BR'))!;
    const countsOf = (s: Shelf) => s.services.map((x) => `${x.code} ${x.inStock} ${x.from}`);
    const reads = shelf.reads();
    const before = await renewed();
    await products.updateStock([{ id: wa.id, stock: 0 }], at);
    const out = await renewed();
    expect(shelf.reads()).toBe(reads);
    const waAt = out.serviceAt.get('wa')!;
    expect(out.id[Array.from(out.byService[waAt]!).at(-1)!]).toBe(wa.id);
    expect(out.services[waAt]!.inStock).toBe(before.services[waAt]!.inStock - 1);
    // The same shelf, position for position, as a process reading the catalogue now would build.
    const fresh = () =>
      createCatalogShelf({ repository: createCatalogRepository(db), products, trackRecords }).memory.get(
        'BRL',
      );
    expect(sameShelf(out, await fresh())).toBe(true);

    await products.updateStock([{ id: wa.id, stock: wa.stock }], at);
    const back = await renewed();
    expect(shelf.reads()).toBe(reads);
    expect(sameShelf(back, await fresh())).toBe(true);
    expect(countsOf(back)).toEqual(countsOf(before));
    expect(Array.from(back.id)).toEqual(Array.from(before.id));
  });

  it('forgets stock writes a while after, then has a renewal older than them read everything', async () => {
    const repository = createCatalogRepository(db);
    const { snapshot } = await repository.catalogChanges(null);
    const ig = (await offer('IG-US'))!;
    await db.execute(
      sql.raw(
        `DO $$ BEGIN FOR i IN 1..1000 LOOP UPDATE products SET stock = stock + 1 WHERE id = ${ig.id}; END LOOP; END $$`,
      ),
    );
    expect((await repository.catalogChanges(snapshot)).stock).toEqual([[ig.id, ig.stock + 1_000]]);
    // A minute on, they are pruned: a reader that last looked before them can no longer tell what changed.
    await db.execute(sql`UPDATE catalog_stock_writes SET at = at - interval '2 minutes'`);
    await repository.catalogChanges(snapshot);
    const [left] = await queryRows<{ n: string }>(db, sql`SELECT count(*) AS n FROM catalog_stock_writes`);
    expect(Number(left!.n)).toBe(0);
    expect((await repository.catalogChanges(snapshot)).stock).toBeNull();
  });
});
