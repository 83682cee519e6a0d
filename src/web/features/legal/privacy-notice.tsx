import { Link } from 'react-router';
import { useProductName } from '#web/lib/client-config-context.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { LegalPage } from './legal-page.tsx';

/** admin-app §2 Privacy Notice: what this product stores, where, who sees it and why (DESIGN §4, §6, §7). */
export function PrivacyNotice({ product }: { product: string }) {
  return (
    <LegalPage
      title="Privacy Notice"
      lead={
        <p>
          The answers people write in {product} are personal and often sensitive. This notice explains what we
          collect, why, who can see it, how long we keep it and the choices you have.
        </p>
      }
    >
      <h2>1. What we collect</h2>
      <h3>Your account</h3>
      <p>
        Your name, your e-mail address and whether you have confirmed it. When you use our own sign-in
        service, we keep your password only as a salted scrypt hash, which cannot be turned back into the
        password. When your organization uses its own sign-in provider, we receive your name, e-mail address
        and an account identifier from it, and no password at all.
      </p>
      <h3>Invitations</h3>
      <p>
        The name and e-mail address the inviting organization entered for you, who sent the invitation and
        when.
      </p>
      <h3>Your record</h3>
      <p>
        Your answers, how far you have come, when the record was created and last changed, and whether you
        have sent it. Depending on the questions, answers may describe your health, your family and difficult
        experiences: information the law treats as sensitive. You share it by choosing to answer.
      </p>
      <h3>Organizations and purchases</h3>
      <p>
        An organization's name, phone number and website, its staff and their roles, and each purchase: the
        product, the number of credits, the amount and the payment's reference at Stripe. Card details are
        entered on Stripe's own page and never reach our servers.
      </p>
      <h3>Reports and support messages</h3>
      <p>
        Reports our administrators prepare from records (see the{' '}
        <Link to="/aipolicy">AI-Generated Data Policy</Link>), and the name, e-mail address and message you
        send through our contact form.
      </p>
      <h3>Technical information</h3>
      <p>
        Our servers log each request (time, address, page or service requested, result) to keep the service
        running and secure. The logs never contain your answers, your password or your sign-in tokens. Your IP
        address is also used, briefly and in memory, to limit how many requests or messages can be sent from
        one network.
      </p>

      <h2>2. What stays on your device</h2>
      <ul>
        <li>Your sign-in session, in your browser's storage for this site.</li>
        <li>
          Answers that have not reached our server yet, encrypted with a key that cannot leave your browser.
          Each is deleted the moment our server confirms it, and all are removed when you sign out.
        </li>
        <li>
          Our sign-in service uses cookies that are strictly necessary to keep you signed in. {product} uses
          no advertising or analytics cookies and no third-party trackers.
        </li>
      </ul>

      <h2>3. Why we use it</h2>
      <ul>
        <li>to provide {product}: to store your record and show it to the people allowed to see it;</li>
        <li>
          to send the e-mails the service needs: invitations, address confirmation, password resets and our
          replies to your messages;
        </li>
        <li>to prepare reports from records when an administrator requests one;</li>
        <li>to process organizations' payments and add the credits they bought;</li>
        <li>to protect the service and its users from misuse, and to meet our legal obligations.</li>
      </ul>
      <p>We do not sell personal information, and we do not use it for advertising.</p>

      <h2>4. Who can see your information</h2>
      <ul>
        <li>You.</li>
        <li>The staff of the organization that invited you, who can see your record and its progress.</li>
        <li>Our administrators, who support the service and can prepare reports.</li>
        <li>
          Service providers acting on our instructions: our hosting and database provider, our e-mail delivery
          provider, Stripe for payments and, for reports, an AI model provider, which receives only the
          prepared answers of that record.
        </li>
        <li>Authorities, when the law requires us to disclose information.</li>
      </ul>
      <p>
        Every request is checked on our server against these rules, whatever the screen shows, so nobody else
        can open your record, even with its link.
      </p>

      <h2>5. How long we keep it</h2>
      <p>
        We keep a record for as long as the inviting organization uses {product} for the purpose you were
        invited for, or until you or the organization ask us to delete it. We keep support messages as long as
        we need them to help you, purchase records as long as tax and accounting laws require, and server logs
        for a short period only.
      </p>

      <h2>6. How we protect it</h2>
      <p>
        Our <Link to="/cybersecurity">Cybersecurity Policy</Link> describes the measures in place, from
        encrypted connections and strict access checks to the encryption of unsaved answers in your browser.
      </p>

      <h2>7. Your choices and rights</h2>
      <p>
        You can ask us to show you the information we hold about you, to correct it, to give you a copy, or to
        delete it, and you can withdraw your consent to our use of your answers. Depending on where you live
        (for example, in California or the European Union), the law may give you further rights. Write to us
        through the <Link to="/contact">contact page</Link>; we may ask you to confirm that the request comes
        from you, and we answer within the time the law allows. Where your record was commissioned by an
        organization, we may involve it in the request.
      </p>

      <h2>8. Children</h2>
      <p>{product} is meant for adults. We do not knowingly create accounts for children.</p>

      <h2>9. Changes to this notice</h2>
      <p>
        When this notice changes we update the date at the top. If a change affects how we use information you
        have already given us, we tell you before it applies.
      </p>

      <h2>10. Contact</h2>
      <p>
        For any question about your privacy, write to us through the <Link to="/contact">contact page</Link>.
      </p>
    </LegalPage>
  );
}

/** The route's screen: the page with this deployment's product name. */
export function PrivacyNoticeScreen() {
  const product = useProductName();
  usePageTitle('Privacy Notice');
  return <PrivacyNotice product={product} />;
}
