import { useId, useState } from 'react';
import type { SupportLine } from '#domain/support-line.ts';
import { LazySupportLineView, prefetchCareViews } from './lazy-care-views.tsx';

/**
 * Issue 28 §6: "Need support?" in the record screen's header, a disclosure: the support line is a
 * press away and never in the way of the questions.
 */
export function NeedSupport({ line }: { line: SupportLine }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="need-support">
      <button
        type="button"
        className="button button--quiet button--sm need-support__button"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={prefetchCareViews}
        onFocus={prefetchCareViews}
        onClick={() => setOpen((now) => !now)}
      >
        Need support?
      </button>
      <div id={panelId} hidden={!open}>
        {open ? <LazySupportLineView line={line} title="Support" headingLevel={2} /> : null}
      </div>
    </div>
  );
}
