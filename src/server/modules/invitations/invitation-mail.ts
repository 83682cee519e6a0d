import type { MailMessage } from '../mail/mailer.ts';
import { html } from '../server-pages/html.ts';

export interface InvitationMailFacts {
  to: string;
  name: string | null;
  organizationName: string | null;
  inventoryTypeName: string;
  productName: string;
  /** PUBLIC_URL: where the person registers and finds the record. */
  publicUrl: string;
  /** Re-Send Invite (customer-app §2 Account). */
  reminder: boolean;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The invitation (customer-app §1: "Invited users are told to register with the same e-mail
 * address to which the invitation was sent, so that they reach the correct record"), linking to
 * the product. Everything the organization typed is escaped in the HTML part.
 */
export function invitationMail(facts: InvitationMailFacts): MailMessage {
  const inviter = facts.organizationName ? oneLine(facts.organizationName) : 'An organization';
  const home = `${facts.publicUrl}/`;
  const subject = `${facts.reminder ? 'Reminder: ' : ''}${inviter} invited you to ${facts.productName}`;
  const greeting = facts.name ? `Hello ${oneLine(facts.name)},` : 'Hello,';
  const intro =
    `${inviter} has invited you to complete your ${facts.inventoryTypeName} record in ${facts.productName}. ` +
    'There you document your life’s journey step by step, and your progress is saved automatically.';
  const steps = [
    `Open ${home}`,
    `Choose "Create your Account" and register with this e-mail address: ${facts.to}. Your record is linked to this address, so please use this one and no other.`,
    'Confirm your address with the link we then send you. Your record appears on the home page.',
  ];
  const already = `Already registered with ${facts.to}? Choose "Login" instead.`;
  const ignore = 'If you did not expect this invitation, you can ignore this e-mail.';

  const text = [
    greeting,
    '',
    intro,
    '',
    'To reach your record:',
    ...steps.map((step, index) => `${index + 1}. ${step}`),
    '',
    already,
    '',
    ignore,
    '',
    facts.productName,
    '',
  ].join('\n');

  const body = html`<p>${greeting}</p>
<p>${intro}</p>
<p>To reach your record:</p>
<ol>
<li>Open <a href="${home}">${home}</a></li>
<li>Choose “Create your Account” and register with this e-mail address: <strong>${facts.to}</strong>. Your record is linked to this address, so please use this one and no other.</li>
<li>${steps[2] ?? ''}</li>
</ol>
<p>${already}</p>
<p>${ignore}</p>
<p>${facts.productName}</p>`;

  return { to: facts.to, subject, text, html: body.value };
}
