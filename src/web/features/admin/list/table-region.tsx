import type { ReactNode } from 'react';

/** A wide table that scrolls sideways on a narrow screen, reachable by keyboard (390 px wide). */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className="table-scroll" aria-label={`${label} (scrolls sideways)`} tabIndex={0}>
      <table className="data-table admin-table">{children}</table>
    </section>
  );
}
