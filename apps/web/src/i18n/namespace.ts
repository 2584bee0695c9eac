/**
 * Which namespace and language a text file holds: `features/<name>/locales/pt.json` is the namespace
 * <name>; `…/locales/<namespace>/pt.json` (a screen's own texts, beside its feature's) is <namespace>.
 */
export function namespaceOfFile(path: string): { name: string; lang: 'pt' | 'en' } | null {
  const match = /([^/]+)\/locales\/(?:([^/]+)\/)?(pt|en)\.json$/.exec(path);
  return match ? { name: match[2] ?? match[1]!, lang: match[3] as 'pt' | 'en' } : null;
}
