import { describe, expect, it } from 'vitest';
import { namespaceOfFile } from './namespace.ts';

type Tree = { [key: string]: string | Tree };

// Every text file of the app: the common pair here and one pair per feature namespace.
const files = import.meta.glob<{ default: Tree }>(
  ['./*.json', '../features/*/locales/**/*.json', '../app/routes/locales/**/*.json'],
  { eager: true },
);

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function namespaceOf(path: string): { name: string; lang: string } | null {
  const common = /^\.\/(pt|en)\.json$/.exec(path);
  return common ? { name: 'common', lang: common[1]! } : namespaceOfFile(path);
}

const byNamespace = new Map<string, Partial<Record<string, Tree>>>();
for (const [path, mod] of Object.entries(files)) {
  const ns = namespaceOf(path);
  if (!ns) continue;
  const entry = byNamespace.get(ns.name) ?? {};
  entry[ns.lang] = mod.default;
  byNamespace.set(ns.name, entry);
}

describe('locale files', () => {
  it('include the common texts and the features of this app', () => {
    expect([...byNamespace.keys()]).toEqual(
      expect.arrayContaining(['common', 'auth', 'dashboard', 'profile', 'admin']),
    );
  });

  describe.each([...byNamespace.keys()].sort())('namespace %s', (name) => {
    const { pt, en } = byNamespace.get(name)!;

    it('has a Portuguese and an English file', () => {
      expect(pt, `${name}: pt.json`).toBeDefined();
      expect(en, `${name}: en.json`).toBeDefined();
    });

    it('has exactly the same keys in pt and en', () => {
      const ptKeys = keysOf(pt ?? {}).sort();
      const enKeys = keysOf(en ?? {}).sort();
      expect({
        missingInEn: ptKeys.filter((k) => !enKeys.includes(k)),
        missingInPt: enKeys.filter((k) => !ptKeys.includes(k)),
      }).toEqual({
        missingInEn: [],
        missingInPt: [],
      });
    });

    it('has no empty texts', () => {
      const empty = (tree: Tree | undefined) =>
        keysOf(tree ?? {}).filter((k) => pick(tree!, k).trim() === '');
      expect([...empty(pt), ...empty(en)]).toEqual([]);
    });
  });
});

function pick(tree: Tree, dotted: string): string {
  return dotted.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree) as string;
}
