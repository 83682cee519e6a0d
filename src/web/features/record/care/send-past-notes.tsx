import { useEffect, useId, useRef } from 'react';
import { Button } from '#web/components/ui/button.tsx';

/**
 * Issue 44 §6: Complete & Send pressed while a section with a content note was never opened nor
 * skipped. Said once, in the content notes' calm tone, with sending anyway first: never a block.
 */
export function SendPastNotes({
  titles,
  onSend,
  onOpen,
  onStay,
}: {
  titles: readonly string[];
  onSend: () => void;
  onOpen: () => void;
  onStay: () => void;
}) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const named = titles.map((title) => `“${title}”`).join(', ');
  return (
    <section className="calm-panel send-past-notes" aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} tabIndex={-1} className="content-note__title">
        Before you send
      </h3>
      <p>
        {titles.length === 1
          ? `You have not opened the section ${named} yet. That is fine: it can stay unanswered, and you can send your record as it is.`
          : `You have not opened the sections ${named} yet. That is fine: they can stay unanswered, and you can send your record as it is.`}
      </p>
      <div className="calm-panel__actions">
        <Button variant="accent" onClick={onSend}>
          Send anyway
        </Button>
        <Button variant="secondary" onClick={onOpen}>
          {titles.length === 1 ? 'Open that section' : 'Open the first of them'}
        </Button>
        <Button variant="quiet" onClick={onStay}>
          Not now
        </Button>
      </div>
    </section>
  );
}
