import { Link } from 'react-router';
import { useProductName } from '#web/lib/client-config-context.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import './legal.css';

/**
 * Issue 44: the accessibility statement — the standard aimed at, what is checked on every change
 * and how, and what is known not to work yet. Kept short and true: update it with the tests.
 */
export function AccessibilityStatement({ product }: { product: string }) {
  return (
    <article className="page page--narrow legal" aria-labelledby="accessibility-title">
      <header className="legal__header">
        <h1 id="accessibility-title">Accessibility</h1>
        <div className="legal__lead">
          <p>
            We want everyone to be able to tell their story with {product}, whatever device, screen size or
            assistive technology they use. We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2
            at level AA.
          </p>
        </div>
      </header>

      <h2>What we test on every change</h2>
      <ul>
        <li>
          Every screen and its states (signed out, signed in, offline, a content note asking, a record sent)
          are checked with the axe accessibility engine at 1280 and 390 pixels wide; any finding rated
          moderate, serious or critical stops the change.
        </li>
        <li>Everything can be done with a keyboard alone, with focus always visible.</li>
        <li>A focused control is never hidden under the sticky header or the record's bottom bar.</li>
        <li>Buttons and links are at least 24 by 24 pixels, or spaced as if they were.</li>
        <li>Reordering questions in the form builder works with buttons as well as by dragging.</li>
        <li>Progress and status are said in words, never by colour alone.</li>
        <li>
          Pages still work with wider letter, word and line spacing, and at 320 pixels wide without sideways
          scrolling.
        </li>
        <li>
          The record screen was walked through with a screen reader: saving, being offline and content notes
          are announced.
        </li>
      </ul>

      <h2>Known limits</h2>
      <ul>
        <li>Spoken answers need a microphone; every question can also be answered by typing.</li>
        <li>Tests use Chromium; other browsers and screen readers are checked by hand, less often.</li>
      </ul>

      <h2>Tell us</h2>
      <p>
        If something is hard to use, please <Link to="/contact">contact us</Link> and say which page and what
        happened; we will answer and fix what we can.
      </p>
    </article>
  );
}

export function AccessibilityStatementScreen() {
  const product = useProductName();
  usePageTitle('Accessibility');
  return <AccessibilityStatement product={product} />;
}
