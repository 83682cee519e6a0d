import { mailHtml } from '../idp/account-mails.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { html } from '../server-pages/html.ts';
import type { PageSite } from '../server-pages/page-layout.ts';

/**
 * Issue 30 §6: the last mail the person gets from us, to the address they had, saying that their
 * account and story are gone. Nothing in it links back: there is no account to go back to.
 */
export function erasureMail(site: PageSite, to: { name: string | null; email: string }): MailMessage {
  const product = site.productName;
  const greeting = to.name ? `Hello ${to.name},` : 'Hello,';
  return {
    to: to.email,
    subject: `Your ${product} account and story have been erased`,
    text: [
      greeting,
      '',
      `Your ${product} account (${to.email}) and your story have been erased: your answers, your`,
      'reports and your sign-in are gone, and cannot be brought back.',
      '',
      'If you did not ask for this, please reply to this e-mail.',
      '',
      product,
    ].join('\n'),
    html: mailHtml(
      site,
      html`<p>${greeting}</p>
<p>Your ${product} account (<strong>${to.email}</strong>) and your story have been erased: your answers, your reports and your sign-in are gone, and cannot be brought back.</p>
<p>If you did not ask for this, please reply to this e-mail.</p>`,
    ),
  };
}
