import { Link } from 'react-router';
import { useProductName } from '#web/lib/client-config-context.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { LegalPage } from './legal-page.tsx';

/** admin-app §2 Terms of Use, written for what this product does. */
export function TermsOfUse({ product }: { product: string }) {
  return (
    <LegalPage
      title="Terms of Use"
      lead={
        <p>
          These terms explain the agreement between you and us, the team that operates {product}, when you use
          the service. Please read them together with our <Link to="/privacy">Privacy Notice</Link>, our{' '}
          <Link to="/eula">End User License Agreement</Link> and our{' '}
          <Link to="/aipolicy">AI-Generated Data Policy</Link>.
        </p>
      }
    >
      <h2>1. About {product}</h2>
      <p>
        {product} is a web application in which people document their life history step by step through guided
        forms called records. Organizations buy record credits and invite people by e-mail to complete a
        record; our administrators maintain the forms, support the organizations and may prepare written
        reports from a record's answers.
      </p>
      <p>
        By creating an account, accepting an invitation or otherwise using {product}, you agree to these
        terms. If you use {product} on behalf of an organization, you confirm that you may bind that
        organization to them.
      </p>

      <h2>2. Who may use {product}</h2>
      <p>
        You must be at least 18 years old, or the age of majority where you live if that is higher, to create
        an account. People complete records when an organization has invited them; organization staff use{' '}
        {product} to buy credits, invite people and follow their records.
      </p>

      <h2>3. Your account and sign-in</h2>
      <ul>
        <li>
          You sign in through our sign-in service (or the one your organization uses). Keep your password to
          yourself and use one you do not use anywhere else.
        </li>
        <li>
          If you were invited, register with the e-mail address the invitation was sent to and confirm it. We
          connect an invitation to an account only through a confirmed address.
        </li>
        <li>
          You are responsible for what happens under your account. Tell us at once through the{' '}
          <Link to="/contact">contact page</Link> if you think someone else has used it.
        </li>
      </ul>

      <h2>4. Your record and what you write</h2>
      <p>
        What you write in your record belongs to you. You give us permission to store it, to show it to the
        people allowed to see it (you, the staff of the organization that invited you, and our
        administrators), to prepare reports from it as our AI-Generated Data Policy describes, and to keep
        backup copies, for as long as we need to provide the service.
      </p>
      <p>
        You can change your answers until you press <strong>Complete &amp; Send</strong>; after that the
        record is read-only. Your answers may include information about other people, such as family members;
        please write about them with the same care you would want for yourself.
      </p>

      <h2>5. Organizations, credits and payments</h2>
      <ul>
        <li>
          One credit is one record of a given type. Credits are bought through our payment partner, Stripe;
          the price is shown before you pay. We never see or store card numbers.
        </li>
        <li>
          Credits are added to your organization once the payment is confirmed, exactly once per payment.
          Payments are not refundable unless we agree otherwise in writing or the law requires it.
        </li>
        <li>
          An organization may invite only people who expect to hear from it, and is responsible for how its
          staff use the records they can see, including any duty of confidentiality it owes to those people.
        </li>
      </ul>

      <h2>6. Reports written with AI</h2>
      <p>
        Reports prepared from a record may be written with the help of an AI model. They can contain mistakes
        and are not a diagnosis or professional advice. The{' '}
        <Link to="/aipolicy">AI-Generated Data Policy</Link> explains how they are made and how they must be
        used.
      </p>

      <h2>7. Not an emergency or treatment service</h2>
      <p>
        {product} helps you record your story; it does not provide medical, psychological or legal care, and
        nobody watches records as they are written. If you are in danger or in crisis, contact your local
        emergency services. In the United States, call 911 in an emergency, or call or text 988 to reach the
        Suicide &amp; Crisis Lifeline.
      </p>

      <h2>8. Acceptable use</h2>
      <p>You agree not to:</p>
      <ul>
        <li>try to open records, accounts or data that are not yours to see;</li>
        <li>
          probe, scan or test the security of {product} except as our{' '}
          <Link to="/cybersecurity">Cybersecurity Policy</Link> allows for responsible disclosure;
        </li>
        <li>
          overload the service, send automated or bulk messages through the contact form, or get around its
          limits;
        </li>
        <li>upload anything unlawful, or use {product} to harass, threaten or deceive anyone.</li>
      </ul>

      <h2>9. Availability and changes to the service</h2>
      <p>
        We work to keep {product} available and your answers safe, but the service may sometimes be
        unavailable for maintenance or for reasons beyond our control. We may change or retire features; if a
        change takes away something important to you, we will tell you in advance where we reasonably can.
      </p>

      <h2>10. Suspension and ending</h2>
      <p>
        You may stop using {product} at any time and ask us to delete your account. We may suspend or close an
        account that breaks these terms or puts other people or the service at risk. What happens to your
        information when an account closes is described in the <Link to="/privacy">Privacy Notice</Link>.
      </p>

      <h2>11. Disclaimers and limitation of liability</h2>
      <p>
        {product} is provided "as is" and "as available". To the extent the law allows, we exclude implied
        warranties, and we are not liable for indirect or consequential losses, or for losses caused by events
        outside our reasonable control. Nothing in these terms limits liability that cannot be limited by law.
      </p>

      <h2>12. Changes to these terms</h2>
      <p>
        When we change these terms we update the date at the top of this page. If a change is significant, we
        tell you by e-mail or in {product} before it applies to you.
      </p>

      <h2>13. Governing law</h2>
      <p>
        These terms are governed by the law, and disputes are heard by the courts, named in the "Governing law
        and venue" section of our <Link to="/eula">End User License Agreement</Link>.
      </p>

      <h2>14. Contact</h2>
      <p>
        Questions about these terms are welcome through our <Link to="/contact">contact page</Link>.
      </p>
    </LegalPage>
  );
}

/** The route's screen: the page with this deployment's product name. */
export function TermsOfUseScreen() {
  const product = useProductName();
  usePageTitle('Terms of Use');
  return <TermsOfUse product={product} />;
}
