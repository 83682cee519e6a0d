import { Button } from '#web/components/ui/button.tsx';
import { LeaveQuicklyButton } from '#web/components/ui/leave-quickly-button.tsx';
import { prefetchCareViews } from './lazy-care-views.tsx';

/**
 * Issue 28 §4–§5: Take a break and Leave quickly, in the record screen's sticky bar so they stay in
 * view on a long section. While a content note asks, the note offers Take a break itself.
 */
export function CareControls({ onTakeBreak, showBreak }: { onTakeBreak: () => void; showBreak: boolean }) {
  return (
    <div className="record-care">
      {showBreak ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={onTakeBreak}
          onPointerEnter={prefetchCareViews}
          onFocus={prefetchCareViews}
        >
          Take a break
        </Button>
      ) : null}
      <LeaveQuicklyButton />
    </div>
  );
}
