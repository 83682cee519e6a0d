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
          Every screen we test in the browser (the header, home, the record screen in each of its states, the
          console and its lists, the account, book, sessions and support pages, the form builder) is checked
          with the axe accessibility engine at 1280 and 390 pixels wide; any finding rated moderate, serious
          or critical stops the change.
        </li>
        <li>
          The menus (the account menu, the actions menu of a console row), the sections list and the
          record&apos;s steps work with a keyboard alone.
        </li>
        <li>
          Tabbing forwards and back through home, the record screen, every tab of the console, the account
          page, the form builder and the book&apos;s choices, at 1280 and 390 pixels wide, the focused control
          is never hidden under the sticky header or the record&apos;s bottom bar.
        </li>
        <li>Buttons, links and menu items there are at least 24 by 24 pixels.</li>
        <li>Progress is said in words as well as by colour.</li>
        <li>
          Home, the record screen, the console and the account page work at 320 pixels wide without sideways
          scrolling, and with wider letter, word and line spacing nothing is cut.
        </li>
        <li>
          The console&apos;s lists fit the screen at 1280 pixels and show each row as a card on a phone; a row
          with more than three actions keeps them in a menu.
        </li>
        <li>
          Whatever can be reordered by dragging (questions and options in the form builder, the sections of a
          book) has Move up and Move down buttons beside it.
        </li>
        <li>
          A record that has been sent, or that you may only read, never asks you to save or send it: its
          notices say what you can still do.
        </li>
      </ul>

      <h2>What a screen reader hears on the record screen</h2>
      <ul>
        <li>
          <strong>Saving.</strong> A polite status beside the progress says “Saving…”, then “All changes
          saved”, without interrupting what is being read.
        </li>
        <li>
          <strong>Offline.</strong> The same status says “Offline — your answers are kept on this device and
          will be sent when you are back online”, and “All changes saved” once they are.
        </li>
        <li>
          <strong>A content note.</strong> Moving to a section puts focus on its heading; read on, the region
          “Before this section” gives the note and three buttons: Continue, Skip this section for now, Take a
          break. None of the section&apos;s questions is there until you choose.
        </li>
        <li>
          <strong>Sending.</strong> “Form submitted successfully!” is announced, and the record then says
          “This record has been submitted.” If it was sent from another device meanwhile, you hear that
          instead, and that your latest changes here were not saved.
        </li>
      </ul>

      <h2>Known limits</h2>
      <ul>
        <li>
          What a screen reader hears was worked out from the page&apos;s roles and live regions and checked in
          Chromium&apos;s accessibility tree; no one has yet gone through it with NVDA, JAWS, VoiceOver or
          TalkBack.
        </li>
        <li>
          While you type, the save status changes every few seconds; some screen readers may read “Saving…”
          and “All changes saved” more often than needed.
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
