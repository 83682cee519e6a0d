import { Button } from '#web/components/ui/button.tsx';

/** Previous / "Page n of m (k items)" / Next under a list (issue 10: lists are paged). */
export function ListPager({
  page,
  pageCount,
  total,
  noun,
  onPage,
}: {
  page: number;
  pageCount: number;
  total: number;
  noun: string;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="list-pager" aria-label={`Pages of ${noun}`}>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {pageCount} ({total} {noun})
      </span>
      <Button size="sm" variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
