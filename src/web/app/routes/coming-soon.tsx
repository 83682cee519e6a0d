import { Link } from 'react-router';
import { buttonClassName } from '#web/components/ui/button.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';

/** A screen that is not built yet: its name, one sentence, and the way home. */
export function ComingSoon({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="page page--narrow simple-page" aria-labelledby="coming-soon-title">
      <p className="simple-page__eyebrow">{title}</p>
      <h1 id="coming-soon-title">Coming soon</h1>
      <p>This part of the site is being built and will be available here shortly.</p>
      <Link to="/" className={buttonClassName('primary')}>
        Back to Home
      </Link>
    </section>
  );
}
