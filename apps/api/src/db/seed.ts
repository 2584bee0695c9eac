import { randomBytes } from 'node:crypto';
import { hashPassword } from '../lib/password.ts';
import type { Database } from './client.ts';

const categories = [
  { slug: 'sms', pt: 'SMS', en: 'SMS', sort: 1, base: 200 },
  { slug: 'whatsapp', pt: 'WhatsApp', en: 'WhatsApp', sort: 2, base: 500 },
  { slug: 'verification', pt: 'Verificação', en: 'Verification', sort: 3, base: 150 },
] as const;

type CategorySlug = (typeof categories)[number]['slug'];

// [code, name, category, popularity, price factor within its category]
const services: [string, string, CategorySlug, number, number][] = [
  ['wa', 'WhatsApp', 'whatsapp', 100, 1],
  ['wb', 'WhatsApp Business', 'whatsapp', 60, 1.2],
  ['tg', 'Telegram', 'sms', 95, 1],
  ['ig', 'Instagram', 'sms', 90, 1.1],
  ['fb', 'Facebook', 'sms', 80, 1],
  ['lf', 'TikTok', 'sms', 85, 1.2],
  ['ub', 'Uber', 'sms', 70, 1.3],
  ['if', 'iFood', 'sms', 75, 1],
  ['ml', 'Mercado Livre', 'sms', 72, 1.2],
  ['nu', 'Nubank', 'sms', 68, 1.5],
  ['go', 'Google', 'verification', 92, 1],
  ['mm', 'Microsoft', 'verification', 50, 1.1],
  ['am', 'Amazon', 'verification', 55, 1.2],
  ['ds', 'Discord', 'verification', 45, 1],
];

// [ISO code, name pt, name en, dialling code, price factor]
const countries: [string, string, string, string, number][] = [
  ['BR', 'Brasil', 'Brazil', '+55', 1],
  ['US', 'Estados Unidos', 'United States', '+1', 2.5],
  ['PT', 'Portugal', 'Portugal', '+351', 1.6],
  ['AR', 'Argentina', 'Argentina', '+54', 1.2],
  ['MX', 'México', 'Mexico', '+52', 1.3],
  ['CO', 'Colômbia', 'Colombia', '+57', 1.2],
  ['GB', 'Reino Unido', 'United Kingdom', '+44', 2.4],
  ['DE', 'Alemanha', 'Germany', '+49', 2.2],
  ['FR', 'França', 'France', '+33', 2],
  ['ES', 'Espanha', 'Spain', '+34', 1.8],
  ['IN', 'Índia', 'India', '+91', 1.1],
  ['ID', 'Indonésia', 'Indonesia', '+62', 1.1],
  ['PH', 'Filipinas', 'Philippines', '+63', 1.2],
];

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The demo catalogue: every service in every country, the cheapest at the landing's starting prices. */
export function demoCatalogueSql(): string {
  const stmts: string[] = [];
  for (const c of categories) {
    stmts.push(
      `INSERT INTO categories (slug, name_pt, name_en, sort_order) VALUES (${q(c.slug)}, ${q(c.pt)}, ${q(c.en)}, ${c.sort}) ON CONFLICT (slug) DO NOTHING`,
    );
  }
  for (const [code, pt, en, dial] of countries) {
    stmts.push(
      `INSERT INTO countries (code, name_pt, name_en, dial_code) VALUES (${q(code)}, ${q(pt)}, ${q(en)}, ${q(dial)}) ON CONFLICT (code) DO NOTHING`,
    );
  }
  for (const [code, name, cat, popularity] of services) {
    stmts.push(
      `INSERT INTO services (code, name, category_id, popularity) SELECT ${q(code)}, ${q(name)}, id, ${popularity} FROM categories WHERE slug = ${q(cat)} ON CONFLICT (code) DO NOTHING`,
    );
  }
  for (const [svc, , cat, popularity, serviceFactor] of services) {
    const base = categories.find((c) => c.slug === cat)!.base;
    for (const [country, , , , countryFactor] of countries) {
      const price = Math.round((base * serviceFactor * countryFactor) / 10) * 10;
      const stock = (popularity * 7 + country.charCodeAt(0) * 13 + country.charCodeAt(1)) % 400;
      stmts.push(
        `INSERT INTO products (sku, service_code, country_code, price_brl, price_usd, stock) VALUES (${q(`${svc}-${country}`.toUpperCase())}, ${q(svc)}, ${q(country)}, ${price}, ${price}, ${stock}) ON CONFLICT (sku) DO NOTHING`,
      );
    }
  }
  return `${stmts.join(';\n')};`;
}

export interface SeedResult {
  seeded: boolean;
  adminEmail: string;
  /** Only when this run created the admin with a generated password: printed once, stored nowhere. */
  generatedPassword?: string;
}

/** Seeds once: a second start, or a second process starting at the same moment, finds it done. */
export async function seed(
  database: Database,
  opts: { adminEmail: string; adminPassword?: string },
): Promise<SeedResult> {
  const generatedPassword = opts.adminPassword ? undefined : randomBytes(12).toString('base64url');
  let seeded = false;
  await database.execLocked('numero:seed', async (exec) => {
    const done = await exec(`SELECT 1 FROM settings WHERE key = 'seed.version'`);
    if (done.length > 0) return;
    // Hashed only when the admin is created: every later start skips the deliberately slow hash.
    const passwordHash = await hashPassword(opts.adminPassword ?? generatedPassword!);
    await exec(demoCatalogueSql());
    await exec(
      `INSERT INTO users (email, password_hash, role, full_name) VALUES (${q(opts.adminEmail)}, ${q(passwordHash)}, 'ADMIN', 'Administrador')
       ON CONFLICT (lower(email)) DO NOTHING`,
    );
    await exec(`INSERT INTO settings (key, value) VALUES ('seed.version', '1')`);
    seeded = true;
  });
  return {
    seeded,
    adminEmail: opts.adminEmail,
    generatedPassword: seeded && !opts.adminPassword ? generatedPassword : undefined,
  };
}
