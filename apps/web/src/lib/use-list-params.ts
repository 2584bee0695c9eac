import { useSearchParams } from 'react-router';

/**
 * Filters and the page live in the URL: a reload, a shared link or the back button keep them.
 * `update` sets each parameter it names, or removes it when null. A change that leaves the page out starts
 * again from the first page and replaces the history entry (typing, filtering); one that names the page
 * (`goToPage`) adds an entry. With `replace`, every change replaces the entry.
 */
export function useListParams({ replace = false }: { replace?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: replace || !('page' in changes) },
    );
  // The first page is the address without a page.
  const goToPage = (to: number) => update({ page: to > 1 ? String(to) : null });
  return { params, page, update, goToPage };
}
