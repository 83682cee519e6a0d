import type { SupportMessage } from '#domain/support-message.ts';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * The mail the support inbox receives for one contact-form message. Replying answers the visitor
 * (Reply-To); everything they typed is escaped in the HTML part, so a message containing markup is
 * shown as the text it is, never rendered (DESIGN §8).
 */
export function supportMail(
  message: SupportMessage,
  { id, to, productName, receivedAt }: { id: string; to: string; productName: string; receivedAt: Date },
): MailMessage {
  const details: [string, string][] = [
    ['Name', message.name],
    ['E-mail', message.email],
    ['Sent (visitor’s clock)', message.timestamp],
    ['Received', receivedAt.toISOString()],
    ['Reference', id],
  ];
  const text = [
    `A visitor wrote through the ${productName} contact form. Reply to this mail to answer them.`,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    message.message,
    '',
  ].join('\n');
  const html = [
    `<p>A visitor wrote through the ${escapeHtml(productName)} contact form. Reply to this mail to answer them.</p>`,
    '<table>',
    ...details.map(
      ([label, value]) =>
        `<tr><th align="left" style="padding-right:1em">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    `<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`,
  ].join('\n');
  return {
    to,
    replyTo: message.email,
    subject: `[${productName}] Contact form: ${message.name}`,
    text,
    html,
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
