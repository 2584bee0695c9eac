/**
 * Which namespace and language a text file holds: `features/<name>/locales/pt.json` is the namespace
 * <name>; `…/locales/<namespace>/pt.json` (a screen's own texts, beside its feature's) is <namespace>.
 */
export function namespaceOfFile(path: string): { name: string; lang: 'pt' | 'en' } | null {
  const match = /([^/]+)\/locales\/(?:([^/]+)\/)?(pt|en)\.json$/.exec(path);
  return match ? { name: match[2] ?? match[1]!, lang: match[3] as 'pt' | 'en' } : null;
}

export type Namespaces = Record<string, Record<string, unknown>>;

/** One language's texts by namespace: `common` plus each feature's (and screen's) own file. */
export function collectNamespaces(
  common: Record<string, unknown>,
  files: Record<string, { default: Record<string, unknown> }>,
): Namespaces {
  const namespaces: Namespaces = { common };
  for (const [path, mod] of Object.entries(files)) {
    const ns = namespaceOfFile(path);
    if (ns) namespaces[ns.name] = mod.default;
  }
  return namespaces;
}
