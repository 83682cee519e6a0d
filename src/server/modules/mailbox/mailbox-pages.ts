import type { OutboxMessage } from '../mail/outbox.ts';
import { html, type SafeHtml } from '../server-pages/html.ts';
import { type PageSite, renderPage } from '../server-pages/page-layout.ts';
import { MAILBOX_PATH } from './mailbox-availability.ts';

function formatDate(iso: string): SafeHtml {
  const date = new Date(iso);
  const text = Number.isNaN(date.getTime())
    ? iso
    : `${date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
  return html`<time datetime="${iso}">${text}</time>`;
}

export function mailboxListPage(site: PageSite, messages: readonly OutboxMessage[]): string {
  const table =
    messages.length === 0
      ? html`<p>No e-mail has been sent yet.</p>`
      : html`<table class="mail-table">
<caption>${messages.length} e-mail${messages.length === 1 ? '' : 's'}, newest first</caption>
<thead><tr><th scope="col">Date</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>${messages.map(
          (message) => html`<tr>
<td>${formatDate(message.date)}</td>
<td>${message.to}</td>
<td><a href="${MAILBOX_PATH}/${encodeURIComponent(message.id)}">${message.subject || '(no subject)'}</a></td>
</tr>`,
        )}</tbody>
</table>`;
  return renderPage(site, {
    title: 'Mailbox',
    width: 'wide',
    main: html`<div class="card">
<h1>Mailbox</h1>
<p class="lead">No mail server is configured (<code>SMTP_URL</code>), so ${site.productName} keeps every e-mail it sends here instead.</p>
${table}
</div>`,
  });
}

/**
 * Turns the URLs of a mail's text into links, but only those to this site (PUBLIC_URL's origin):
 * the mailbox must not become a way to send people elsewhere. Everything else stays text.
 */
export function linkifyOwnUrls(text: string, ownOrigin: string): SafeHtml {
  const parts: SafeHtml[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index ?? 0;
    parts.push(html`${text.slice(last, start)}`);
    parts.push(isOwnUrl(url, ownOrigin) ? html`<a href="${url}">${url}</a>` : html`${url}`);
    last = start + url.length;
  }
  parts.push(html`${text.slice(last)}`);
  return html`${parts}`;
}

function isOwnUrl(url: string, ownOrigin: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === ownOrigin;
  } catch {
    return false;
  }
}

export function mailboxMessagePage(site: PageSite, message: OutboxMessage): string {
  return renderPage(site, {
    title: message.subject || 'E-mail',
    width: 'wide',
    main: html`<div class="card">
<a class="back-link" href="${MAILBOX_PATH}">← All e-mail</a>
<h1>${message.subject || '(no subject)'}</h1>
<dl class="mail-meta">
<dt>From</dt><dd>${message.from}</dd>
<dt>To</dt><dd>${message.to}</dd>
<dt>Date</dt><dd>${formatDate(message.date)}</dd>
</dl>
<h2 class="visually-hidden">Message</h2>
<pre class="mail-body">${linkifyOwnUrls(message.text, new URL(site.homeUrl).origin)}</pre>
</div>`,
  });
}

export function mailboxMissingPage(site: PageSite): string {
  return renderPage(site, {
    title: 'E-mail not found',
    main: html`<div class="card">
<h1>This e-mail is not in the mailbox</h1>
<p>It may have been deleted from the outbox folder, or the address is mistyped.</p>
<p><a href="${MAILBOX_PATH}">All e-mail</a></p>
</div>`,
  });
}
