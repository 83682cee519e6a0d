import { REMINDER_PREVIEW, REMINDER_SUBJECT } from '#domain/reminders.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { html } from '../server-pages/html.ts';

export interface ReminderMailFacts {
  to: string;
  recordId: string;
  publicUrl: string;
  unsubscribeToken: string;
  /** Issue 43 §1 "One question by e-mail": the next unanswered question, when it may be mailed. */
  question: string | null;
}

/** Where the record opens at the next unanswered question, after sign-in (record-screen reads it). */
export function continueLink(publicUrl: string, recordId: string): string {
  return `${publicUrl}/#/record/${recordId}?next=1`;
}

export function settingLink(publicUrl: string, recordId: string): string {
  return `${publicUrl}/#/record/${recordId}?reminders=1`;
}

export function unsubscribeLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * Issue 43 §2: discreet. The subject and the preview (the first line) never name a question, an
 * answer, a section or the form's topic; only the body may carry the one question the person asked
 * for. One-click unsubscribe in the headers (RFC 8058) and a link to the setting.
 */
export function reminderMail(facts: ReminderMailFacts): MailMessage {
  const next = continueLink(facts.publicUrl, facts.recordId);
  const setting = settingLink(facts.publicUrl, facts.recordId);
  const unsubscribe = unsubscribeLink(facts.publicUrl, facts.unsubscribeToken);
  const question = facts.question?.replace(/\s+/g, ' ').trim() || null;
  const text = [
    REMINDER_PREVIEW,
    '',
    'Hello,',
    '',
    'Your Life Record is waiting for you. There is no hurry: everything you wrote is kept, and you can go on from where you stopped.',
    ...(question ? ['', 'One question for you this time:', '', `  ${question}`] : []),
    '',
    `Continue (you will be asked to sign in first): ${next}`,
    '',
    'You get this mail because you turned on reminders for your record.',
    `Change or snooze your reminders: ${setting}`,
    `Stop these reminders: ${unsubscribe}`,
  ].join('\n');
  const body = html`<!doctype html><html><body>
<div style="display:none">${REMINDER_PREVIEW}</div>
<p>Hello,</p>
<p>Your Life Record is waiting for you. There is no hurry: everything you wrote is kept, and you can go on from where you stopped.</p>
${question ? html`<p>One question for you this time:</p><blockquote>${question}</blockquote>` : ''}
<p><a href="${next}">Continue your record</a> (you will be asked to sign in first).</p>
<p style="font-size:small">You get this mail because you turned on reminders for your record.
<a href="${setting}">Change or snooze your reminders</a> · <a href="${unsubscribe}">Stop these reminders</a></p>
</body></html>`;
  return {
    to: facts.to,
    subject: REMINDER_SUBJECT,
    text,
    html: String(body),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
