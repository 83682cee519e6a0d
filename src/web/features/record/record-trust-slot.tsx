import './trust/record-trust.css';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useClientConfig } from '#web/lib/client-config-context.tsx';

// Issue 29: their code loads only when needed (the question where an outside AI is configured, the
// list when opened), so the record route's script budget stays the form's (issue 15 §3).
const AiConsentQuestion = lazy(async () => ({
  default: (await import('./trust/record-trust.tsx')).AiConsentQuestion,
}));
const WhoHasSeenList = lazy(async () => ({
  default: (await import('./trust/record-trust.tsx')).WhoHasSeenList,
}));

/**
 * Issue 29 §2–§3, under the record's heading for its owner: whether an outside AI may draft a
 * report from these answers (asked before Complete & Send, changeable at any time; only where
 * answers could leave the machine), and who has read or sent them.
 */
export function RecordTrustSlot({
  recordId,
  organizationName,
  isOwner,
}: {
  recordId: string;
  organizationName: string | null | undefined;
  isOwner: boolean;
}) {
  const outsideAi = useClientConfig().outsideAi === true;
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  if (!isOwner) return null;
  return (
    <section className="record-trust" aria-label="Your answers and who sees them">
      {outsideAi ? (
        <Suspense fallback={null}>
          <AiConsentQuestion recordId={recordId} organizationName={organizationName ?? null} />
        </Suspense>
      ) : null}
      {/* Issue 42 §1: the owner's own book, as a draft any time and after Complete & Send. */}
      <p className="record-trust__book">
        <Button variant="secondary" size="sm" onClick={() => navigate(`/record/${recordId}/book`)}>
          Make my book
        </Button>
      </p>
      <details className="record-trust__seen" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>Who has seen your record</summary>
        {open ? (
          <Suspense fallback={<p>Loading...</p>}>
            <WhoHasSeenList recordId={recordId} />
          </Suspense>
        ) : null}
      </details>
    </section>
  );
}
