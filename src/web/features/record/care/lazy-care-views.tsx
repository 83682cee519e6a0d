import { type ComponentProps, useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

/**
 * The care views not needed to show a section (issue 28 §4, §6) load when first wanted, so the
 * record route stays within its 130 KiB script budget (issue 15 §3).
 */
interface CareViews {
  PauseView: typeof import('./pause-view.tsx').PauseView;
  SupportLineView: typeof import('./support-line-view.tsx').SupportLineView;
}

let loading: Promise<CareViews> | null = null;
let loaded: CareViews | null = null;

function loadCareViews(): Promise<CareViews> {
  loading ??= Promise.all([import('./pause-view.tsx'), import('./support-line-view.tsx')]).then(
    ([pause, support]) => {
      loaded = { PauseView: pause.PauseView, SupportLineView: support.SupportLineView };
      return loaded;
    },
    (error: unknown) => {
      loading = null; // a later try fetches it again
      throw error;
    },
  );
  return loading;
}

/** Fetches the views ahead of need (a pointer or focus on the control, a noted section entered). */
export function prefetchCareViews(): void {
  loadCareViews().catch(() => {});
}

function useCareViews(): CareViews | 'failed' | null {
  const [views, setViews] = useState<CareViews | 'failed' | null>(loaded);
  useEffect(() => {
    if (!loaded) loadCareViews().then(setViews, () => setViews('failed'));
  }, []);
  return views;
}

/** The pause view once loaded; a short wait, or, if it cannot be fetched (offline), the essentials. */
export function LazyPauseView(props: ComponentProps<CareViews['PauseView']>) {
  const views = useCareViews();
  if (views === null) return <Spinner label="Loading..." showLabel />;
  if (views === 'failed') {
    return (
      <section className="calm-panel" aria-label="Take a break">
        <p role="status">
          It is fine to stop here. Answers not yet sent are kept on this device and sent when you are back
          online.
        </p>
        <Button onClick={props.onBack}>Back to my record</Button>
      </section>
    );
  }
  return <views.PauseView {...props} />;
}

/** The support line once loaded (nothing while it loads: it is never in the way). */
export function LazySupportLineView(props: ComponentProps<CareViews['SupportLineView']>) {
  const views = useCareViews();
  return views && views !== 'failed' ? <views.SupportLineView {...props} /> : null;
}
