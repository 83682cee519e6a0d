import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

/**
 * admin-app §2 FAQ: ten questions on the spec's topics, in its order. The wording is ours (the spec
 * does not show it) and describes what this product really does: autosave and the browser-held
 * copy (DESIGN §7), who may see a record (DESIGN §6), invitations by verified e-mail (DESIGN §4).
 */
export function faqItems(product: string): FaqItem[] {
  return [
    {
      id: 'what-is-it',
      question: `What is ${product}?`,
      answer: (
        <>
          <p>
            {product} is a private, guided way to write down your life story. Instead of facing a blank page,
            you answer reflective questions one section at a time: where you grew up, the people in your
            family, the places you have lived and the experiences that shaped you.
          </p>
          <p>
            What you write becomes your personal life record. It is saved as you go, you can return to it
            whenever you like, and when you are ready you send it to the organization that invited you.
          </p>
        </>
      ),
    },
    {
      id: 'who-created',
      question: 'Who created my record?',
      answer: (
        <>
          <p>
            Your record was set up for you by the organization that invited you, for example a counselling
            practice, a legal team or a support organization. They chose the kind of record (its set of
            questions) and sent the invitation to your e-mail address. The record page shows their name under
            "Invited by".
          </p>
          <p>
            If you were not expecting an invitation or do not recognize the organization, please{' '}
            <Link to="/contact">contact us</Link> before you sign up.
          </p>
        </>
      ),
    },
    {
      id: 'get-started',
      question: 'How do I get started?',
      answer: (
        <>
          <p>
            Open the link in your invitation e-mail and choose <strong>Create your Account</strong>. Register
            with the <strong>same e-mail address the invitation was sent to</strong>: that is how we connect
            you to the record prepared for you. We send you a short e-mail to confirm the address; your record
            is linked to your account once the address is confirmed.
          </p>
          <p>
            After signing in, your record appears on the Home page under <strong>Your Records</strong>. Select
            it to begin with the first section.
          </p>
        </>
      ),
    },
    {
      id: 'continue',
      question: 'How do I continue where I left off?',
      answer: (
        <>
          <p>
            Sign in again with the same account and select your record under <strong>Your Records</strong> on
            the Home page. Everything you wrote before is there.
          </p>
          <p>
            The progress bar shows how much of the record is complete, and the sections list marks each
            finished section with a check mark, so you can jump straight to the part you still want to work
            on.
          </p>
        </>
      ),
    },
    {
      id: 'saving',
      question: 'Is my work saved automatically?',
      answer: (
        <>
          <p>
            Yes. Your answers are saved as you type; there is no save button to remember. Until our server
            confirms that it has stored an answer, your browser keeps an encrypted copy of it, so a lost
            connection, a closed tab or a crash does not lose your words. If you are offline, your answers are
            sent when the connection returns; if you closed the page in the meantime, they are sent the next
            time you open the record on the same device and browser.
          </p>
          <p>
            Please stay signed in until you are back online: signing out removes from the device any answers
            that have not reached us yet. If saving ever stops working, a warning tells you so, and you can
            still send the record with <strong>Complete &amp; Send</strong> when you are done.
          </p>
        </>
      ),
    },
    {
      id: 'editing',
      question: 'Can I change my answers later?',
      answer: (
        <p>
          Yes. You can go back to any section and change or add to your answers as often as you like, until
          you press <strong>Complete &amp; Send</strong> on the last section. After that the record is sent
          and becomes read-only. If you need to correct something after sending, please{' '}
          <Link to="/contact">contact us</Link>.
        </p>
      ),
    },
    {
      id: 'privacy',
      question: 'Who can see my answers?',
      answer: (
        <>
          <p>Your record is private. Only these people can see it:</p>
          <ul>
            <li>you;</li>
            <li>the staff of the organization that invited you;</li>
            <li>
              our administrators, who look after the service and can prepare reports from records (see our{' '}
              <Link to="/aipolicy">AI-Generated Data Policy</Link>).
            </li>
          </ul>
          <p>
            Every request is checked on our server, so no one else can open your record, even with its link.
            We do not sell your information or use it for advertising. Our{' '}
            <Link to="/privacy">Privacy Notice</Link> explains the details.
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      question: 'Can I share my record with others?',
      answer: (
        <p>
          Your record is shared only with the organization that invited you and our administrators; there is
          no public link and nothing is published. Anything beyond that is your choice: you decide what you
          tell anyone else about your story, and we do not pass your answers to other people or organizations
          without your consent, unless the law requires it.
        </p>
      ),
    },
    {
      id: 'question-kinds',
      question: 'What kinds of questions will I be asked?',
      answer: (
        <>
          <p>
            The questions depend on the kind of record your organization chose. They usually begin with the
            basics, such as your name, date of birth and where you were born, then move on to the places you
            have lived, your family and the experiences of your childhood and later life. Some questions may
            touch on difficult experiences.
          </p>
          <p>
            You answer in your own words in text boxes, or by choosing options, ticking boxes, entering dates
            and filling in small tables (for example, one row per brother or sister). Some questions only
            appear when an earlier answer makes them relevant. Questions marked as required count towards your
            progress and need an answer before the record is complete.
          </p>
        </>
      ),
    },
    {
      id: 'one-sitting',
      question: 'Do I have to finish in one sitting?',
      answer: (
        <p>
          No. Take as long as you need and as many breaks as you like; writing about your life can be tiring
          and sometimes emotional. Everything is saved as you go, so you can sign out and return days or weeks
          later. Press <strong>Complete &amp; Send</strong> only when you feel your record is finished.
        </p>
      ),
    },
  ];
}
