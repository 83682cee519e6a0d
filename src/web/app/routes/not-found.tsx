import { Link } from 'react-router';
import { buttonClassName } from '#web/components/ui/button.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';

export function NotFound() {
  usePageTitle('Page not found');
  return (
    <section className="page page--narrow simple-page" aria-labelledby="not-found-title">
      <p className="simple-page__eyebrow">404</p>
      <h1 id="not-found-title">Page not found</h1>
      <p>We could not find the page you were looking for. The link may be mistyped or out of date.</p>
      <Link to="/" className={buttonClassName('primary')}>
        Back to Home
      </Link>
    </section>
  );
}
