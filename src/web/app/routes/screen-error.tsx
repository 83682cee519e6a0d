import { Link } from 'react-router';
import { Button, buttonClassName } from '#web/components/ui/button.tsx';

/** Shown when a screen failed to render or load (a stale chunk after a deployment, a bug). */
export function ScreenError() {
  return (
    <section className="page page--narrow simple-page" aria-labelledby="screen-error-title">
      <h1 id="screen-error-title">Something went wrong</h1>
      <p>This screen could not be shown. Reloading the page usually helps; your saved answers are safe.</p>
      <div className="button-row">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Link to="/" className={buttonClassName('secondary')}>
          Back to Home
        </Link>
      </div>
    </section>
  );
}
