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
          The header, the record screen, the console's lists, this page and other support pages are checked
          with the axe accessibility engine at 1280 and 390 pixels wide; any finding rated moderate, serious
          or critical stops the change.
        </li>
        <li>The menus, the sections list and the record's steps work with a keyboard alone.</li>
        <li>
          A focused control on the record screen is never hidden under the sticky header or the bottom bar.
        </li>
        <li>Buttons and links on the record screen are at least 24 by 24 pixels.</li>
        <li>Progress is said in words as well as by colour.</li>
        <li>
          The record screen works at 320 pixels wide without sideways scrolling, and with wider letter, word
          and line spacing.
        </li>
        <li>The console's lists fit the screen at 1280 pixels and show each row as a card on a phone.</li>
      </ul>

      <h2>Known limits</h2>
      <ul>
        <li>
          The record screen's announcements (saving, offline, content notes) were checked in the browser's
          accessibility tree, not yet with NVDA, VoiceOver or TalkBack.
        </li>
        <li>
          Reordering questions in the form builder by dragging has buttons too, but is not yet covered by
          these tests.
        </li>
        <li>
          In the console's Records list, the actions of a row are buttons side by side rather than one menu.
        </li>
        <li>Spoken answers need a microphone; every question can also be answered by typing.</li>
        <li>Tests use Chromium; other browsers are checked by hand, less often.</li>
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
