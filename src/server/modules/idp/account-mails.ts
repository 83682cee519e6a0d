import type { MailMessage } from '../mail/mailer.ts';
import { html, type SafeHtml } from '../server-pages/html.ts';
import type { PageSite } from '../server-pages/page-layout.ts';

interface Recipient {
  name: string;
  email: string;
}

/** The mail with the e-mail verification link (valid 24 hours). */
export function verificationMail(site: PageSite, to: Recipient, link: string): MailMessage {
  const product = site.productName;
  return {
    to: to.email,
    subject: `Verify your e-mail address for ${product}`,
    text: [
      `Hello ${to.name},`,
      '',
      `Please confirm that ${to.email} is your e-mail address by opening this link:`,
      '',
      link,
      '',
      'The link is valid for 24 hours and works once.',
      `If you did not create an account with ${product}, you can ignore this e-mail.`,
      '',
      product,
    ].join('\n'),
    html: mailHtml(
      site,
      html`<p>Hello ${to.name},</p>
<p>Please confirm that <strong>${to.email}</strong> is your e-mail address.</p>
${mailButton(link, 'Verify my e-mail address')}
<p>The link is valid for 24 hours and works once. If the button does not work, copy this address into your browser:<br><a href="${link}">${link}</a></p>
<p>If you did not create an account with ${product}, you can ignore this e-mail.</p>`,
    ),
  };
}

/** The mail with the password reset link (valid 1 hour). */
export function passwordResetMail(site: PageSite, to: Recipient, link: string): MailMessage {
  const product = site.productName;
  return {
    to: to.email,
    subject: `Reset your ${product} password`,
    text: [
      `Hello ${to.name},`,
      '',
      `Someone asked to reset the password of your ${product} account (${to.email}).`,
      'To choose a new password, open this link:',
      '',
      link,
      '',
      'The link is valid for 1 hour and works once.',
      'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
      '',
      product,
    ].join('\n'),
    html: mailHtml(
      site,
      html`<p>Hello ${to.name},</p>
<p>Someone asked to reset the password of your ${product} account (<strong>${to.email}</strong>).</p>
${mailButton(link, 'Choose a new password')}
<p>The link is valid for 1 hour and works once. If the button does not work, copy this address into your browser:<br><a href="${link}">${link}</a></p>
<p>If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>`,
    ),
  };
}

function mailButton(link: string, label: string): SafeHtml {
  return html`<p style="margin:24px 0"><a href="${link}" style="background:#1f3a5f;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${label}</a></p>`;
}

/** The mails' frame (header band, white card), shared by every mail the server sends a person. */
export function mailHtml(site: PageSite, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><body style="margin:0;background:#f5f3ee;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c2430;line-height:1.5">
<div style="background:#1f3a5f;border-bottom:4px solid #f4d58d;padding:16px 24px;color:#ffffff;font-weight:700;font-size:18px">${site.productName}</div>
<div style="max-width:560px;margin:24px auto;background:#ffffff;border:1px solid #d5dae1;border-radius:12px;padding:24px">${body}</div>
</body></html>`.value;
}
