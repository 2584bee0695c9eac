import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

// The rules `npm run lint` enforces, run here against small trees that break them on purpose: a rule
// that cannot fail would let the house drift without anyone noticing.
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs');
const root = mkdtempSync(join(tmpdir(), 'numero-boundaries-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function violationsOf(name: string, files: Record<string, string>): Promise<string[]> {
  const base = join(root, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
  const result = await cruise(['apps'], {
    baseDir: base,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

// The first cruise loads dependency-cruiser and TypeScript: seconds on a busy machine.
describe('the import boundaries of npm run lint', { timeout: 30_000 }, () => {
  it('refuse a web feature importing another feature', async () => {
    const found = await violationsOf('web-cross', {
      'apps/web/src/features/catalog/page.ts':
        "import { balance } from '../wallet/balance.ts';\nexport const x = balance;\n",
      'apps/web/src/features/wallet/balance.ts': 'export const balance = 1;\n',
    });
    expect(found).toEqual([
      'web-feature-to-other-feature: apps/web/src/features/catalog/page.ts → apps/web/src/features/wallet/balance.ts',
    ]);
  });

  it("refuse an API feature reaching into another feature's repository, but not its service", async () => {
    const found = await violationsOf('api-repo', {
      'apps/api/src/features/admin/stats.ts':
        "import { rows } from '../wallet/wallet.repository.ts';\nimport { total } from '../wallet/wallet.service.ts';\nexport const x = rows + total;\n",
      'apps/api/src/features/wallet/wallet.repository.ts': 'export const rows = 1;\n',
      'apps/api/src/features/wallet/wallet.service.ts': 'export const total = 2;\n',
    });
    expect(found).toEqual([
      'api-feature-to-other-repository: apps/api/src/features/admin/stats.ts → apps/api/src/features/wallet/wallet.repository.ts',
    ]);
  });

  it('refuse providers importing a feature, and cycles between folders', async () => {
    const found = await violationsOf('api-down', {
      'apps/api/src/providers/numbers/sim.ts':
        "import { a } from '../../features/catalog/a.ts';\nexport const s = a;\n",
      'apps/api/src/features/catalog/a.ts':
        "import { s } from '../../providers/numbers/sim.ts';\nexport const a = 1 + (s ? 0 : 0);\n",
    });
    expect(found).toContain(
      'api-shared-to-features: apps/api/src/providers/numbers/sim.ts → apps/api/src/features/catalog/a.ts',
    );
    expect(found.some((v) => v.startsWith('no-circular:'))).toBe(true);
    expect(found.some((v) => v.startsWith('no-folder-cycles:'))).toBe(true);
  });

  it('find nothing to refuse in a tree that keeps them', async () => {
    const found = await violationsOf('clean', {
      'apps/web/src/app/routes/dashboard.ts':
        "import { balance } from '../../features/wallet/balance.ts';\nimport { list } from '../../features/activations/list.ts';\nexport const x = balance + list;\n",
      'apps/web/src/features/wallet/balance.ts':
        "import { cn } from '../../components/cn.ts';\nexport const balance = cn;\n",
      'apps/web/src/features/activations/list.ts': 'export const list = 1;\n',
      'apps/web/src/components/cn.ts': 'export const cn = 1;\n',
    });
    expect(found).toEqual([]);
  });
});
