import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import { openDatabase } from './client.ts';
import { listMigrations, migrate } from './migrate.ts';
import { seed } from './seed.ts';

async function count(database: Awaited<ReturnType<typeof createTestDatabase>>, table: string) {
  let n = -1;
  await database.execLocked('count', async (exec) => {
    n = Number((await exec(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n);
  });
  return n;
}

describe('migrations and seed', () => {
  it('applies every migration once and seeds once across restarts', async () => {
    const database = await createTestDatabase();
    try {
      expect(await migrate(database)).toEqual(listMigrations().map((m) => m.name));
      expect(await migrate(database)).toEqual([]);
      const first = await seed(database, { adminEmail: 'boss@numero.test' });
      expect(first.seeded).toBe(true);
      expect(first.generatedPassword).toMatch(/^[\w-]{16}$/);
      const products = await count(database, 'products');
      expect(products).toBeGreaterThan(100);

      const second = await seed(database, { adminEmail: 'boss@numero.test' });
      expect(second).toMatchObject({ seeded: false, generatedPassword: undefined });
      expect(await count(database, 'products')).toBe(products);
      expect(await count(database, 'users')).toBe(1);
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'lets two processes start at once on one PostgreSQL: both come up, seed once',
    async () => {
      const database = await createTestDatabase();
      const other = await openDatabase({ databaseUrl: database.url });
      try {
        const results = await Promise.all(
          [database, other].map(async (d) => {
            await migrate(d);
            return seed(d, { adminEmail: 'boss@numero.test', adminPassword: 'a-long-admin-password' });
          }),
        );
        expect(results.filter((r) => r.seeded)).toHaveLength(1);
        expect(await count(database, 'users')).toBe(1);
        expect(await count(database, 'schema_migrations')).toBe(listMigrations().length);
      } finally {
        await other.close();
        await database.close();
      }
    },
  );
});
