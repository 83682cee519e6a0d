import './legal.css';
import type { ReactNode } from 'react';

/** admin-app §2, §9: every legal page is dated July 7, 2025. */
export const LEGAL_DATE = { text: 'July 7, 2025', iso: '2025-07-07' } as const;

/** The frame of a legal page: its title, its date, then the document's sections (h2, h3 below). */
export function LegalPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="page page--narrow legal" aria-labelledby="legal-title">
      <header className="legal__header">
        <h1 id="legal-title">{title}</h1>
        <p className="legal__date">
          Last updated: <time dateTime={LEGAL_DATE.iso}>{LEGAL_DATE.text}</time>
        </p>
        <div className="legal__lead">{lead}</div>
      </header>
      {children}
    </article>
  );
}
