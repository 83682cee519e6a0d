import type { ReactNode } from 'react';

/** A wide table that scrolls sideways on a narrow screen, reachable by keyboard (390 px wide). */
export function TableRegion({
  label,
  busy = false,
  children,
}: {
  label: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={busy ? 'table-scroll table-scroll--busy' : 'table-scroll'}
      aria-label={`${label} (scrolls sideways)`}
      aria-busy={busy || undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
    >
      <table className="data-table admin-table">{children}</table>
    </section>
  );
}
