import { useEffect, useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { prefetchCareViews } from './lazy-care-views.tsx';

/** Where "how to clear it" leads: browser-by-browser steps, written for people at risk. */
export const CLEAR_HISTORY_HELP_URL = 'https://www.womensaid.org.uk/cover-your-tracks-online/';
const EXPLAINED_KEY = 'life-record.leave-quickly-explained';

/** Issue 28 §5: whether this is the first content note this person meets on this device. */
function firstNoteMet(): boolean {
  try {
    return window.localStorage.getItem(EXPLAINED_KEY) === null;
  } catch {
    return true;
  }
}

/**
 * Issue 28 §2: before a section with a content note, the note and three choices. Nothing of the
 * section shows until the person chooses; the choice is kept with the record (section-choices.ts).
 */
export function ContentNote({
  note,
  onContinue,
  onSkip,
  onBreak,
}: {
  note: string;
  onContinue: () => void;
  onSkip: () => void;
  onBreak: () => void;
}) {
  const titleId = useId();
  const [explain] = useState(firstNoteMet);
  // Its Take a break and the support line after the section come from the care views.
  useEffect(prefetchCareViews, []);
  useEffect(() => {
    if (!explain) return;
    try {
      window.localStorage.setItem(EXPLAINED_KEY, '1');
    } catch {
      // Private mode without storage: the line is shown again next time, which does no harm.
    }
  }, [explain]);
  return (
    <section className="calm-panel content-note" aria-labelledby={titleId}>
      <h3 id={titleId} className="content-note__title">
        Before this section
      </h3>
      <p className="content-note__text">{note}</p>
      <p>You can continue now, skip this section and come back to it any time, or take a break.</p>
      {explain ? (
        <p className="content-note__exit">
          If you need to leave this page fast, use <strong>Leave quickly</strong> at the top of the screen, or
          press Escape three times. It does not clear your browser’s history:{' '}
          <a href={CLEAR_HISTORY_HELP_URL} target="_blank" rel="noopener noreferrer">
            how to clear your browsing history
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          .
        </p>
      ) : null}
      <div className="calm-panel__actions">
        <Button onClick={onContinue}>Continue</Button>
        <Button variant="secondary" onClick={onSkip}>
          Skip this section for now
        </Button>
        <Button variant="secondary" onClick={onBreak}>
          Take a break
        </Button>
      </div>
    </section>
  );
}
