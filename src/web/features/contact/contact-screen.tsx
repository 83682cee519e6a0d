import './contact.css';
import { useState } from 'react';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { ContactForm } from './contact-form.tsx';

/** admin-app §2 Contact page: heading, intro, and the form — replaced by the thanks once sent (§4). */
export function ContactScreen() {
  const [sent, setSent] = useState(false);
  usePageTitle('Contact Us');
  return (
    <div className="page page--narrow contact">
      <h1>Contact Us</h1>
      <p className="contact__intro">
        Questions about your record, an invitation or your organization's account? Write to us and a member of
        our support team will answer you by e-mail. If you cannot find the record you were invited to, please
        tell us the e-mail address the invitation was sent to.
      </p>
      <p className="contact__intro">
        There is no need to copy answers from your record into this message: a short description of what you
        need is enough for us to help.
      </p>
      {sent ? <ContactThanks /> : <ContactForm onSent={() => setSent(true)} />}
    </div>
  );
}

/** admin-app §2: the form is replaced by the spec's thanks; focus moves to it so it is read out. */
function ContactThanks() {
  return (
    <section className="contact-thanks" aria-labelledby="contact-thanks-title">
      <h2
        id="contact-thanks-title"
        tabIndex={-1}
        ref={(heading) => heading?.focus()}
        className="contact-thanks__title"
      >
        Thank you for your message!
      </h2>
      <p>We've received your message and will get back to you soon.</p>
    </section>
  );
}
