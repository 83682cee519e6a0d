import type { ReactNode } from 'react';

export type BadgeTone = 'navy' | 'accent' | 'neutral' | 'success' | 'danger';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
