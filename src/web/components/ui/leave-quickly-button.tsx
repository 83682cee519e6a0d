import { useClientConfig } from '#web/lib/client-config-context.tsx';
import { leaveQuickly } from '#web/lib/quick-exit.ts';

/**
 * Issue 28 §5: always at hand on the record screen and the wizard. Its name says what it does; the
 * hint (also for screen readers) says the keyboard way and what it does not do.
 */
export function LeaveQuicklyButton({ className = '' }: { className?: string }) {
  const { quickExitUrl } = useClientConfig();
  return (
    <button
      type="button"
      className={`button button--sm leave-quickly ${className}`.trim()}
      title="Or press Escape three times. Hides this page at once and opens a neutral website."
      onClick={() => leaveQuickly(quickExitUrl)}
    >
      Leave quickly
    </button>
  );
}
