import { html, type SafeHtml } from './html.ts';
import { assetUrl } from './page-assets.ts';

/** What every server-rendered page needs to know about the deployment. */
export interface PageSite {
  productName: string;
  /** The web client's address (PUBLIC_URL), where "Go to …" links lead. */
  homeUrl: string;
}

export interface PageOptions {
  title: string;
  main: SafeHtml;
  /** `narrow` for a single form card, `wide` for tables (mailbox). */
  width?: 'narrow' | 'wide';
}

/** The frame of every server page: header with the product name, one main landmark, a footer. */
export function renderPage(site: PageSite, { title, main, width = 'narrow' }: PageOptions): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} – ${site.productName}</title>
<link rel="stylesheet" href="${assetUrl('pages.css')}">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<script src="${assetUrl('pages.js')}" defer></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to main content</a>
<header class="site-header">
<div class="site-header__inner"><a class="site-header__name" href="${site.homeUrl}/">${site.productName}</a></div>
</header>
<main id="main" class="page page--${width}" tabindex="-1">
${main}
</main>
<footer class="site-footer"><p>${site.productName}</p></footer>
</body>
</html>
`.value;
}

export interface FieldError {
  /** The id of the input the message is about; the summary links to it. */
  field?: string;
  message: string;
}

/** The error summary at the top of a form: announced at once (`role="alert"`), each entry links to its field. */
export function errorSummary(errors: readonly FieldError[]): SafeHtml {
  if (errors.length === 0) return html``;
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 class="error-summary__title" id="error-summary-title">There is a problem</h2>
<ul class="error-summary__list">${errors.map((error) =>
    error.field
      ? html`<li><a href="#${error.field}">${error.message}</a></li>`
      : html`<li>${error.message}</li>`,
  )}</ul>
</div>`;
}

export interface TextFieldOptions {
  id: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  name?: string;
  value?: string;
  autocomplete?: string;
  hint?: string | SafeHtml;
  errors?: readonly FieldError[];
  /** Extra content after the input (e.g. "Forgot password?"). */
  after?: SafeHtml;
  autofocus?: boolean;
}

/** A labelled input with its hint and error message tied to it through aria-describedby. */
export function textField(options: TextFieldOptions): SafeHtml {
  const { id, label, type = 'text', value, autocomplete, hint, after } = options;
  const error = options.errors?.find((e) => e.field === id);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return html`<div class="field${error ? ' field--error' : ''}">
<label class="field__label" for="${id}">${label}</label>
${hint ? html`<p class="field__hint" id="${id}-hint">${hint}</p>` : ''}
${error ? html`<p class="field__error" id="${id}-error"><span class="visually-hidden">Error: </span>${error.message}</p>` : ''}
<input class="field__input" id="${id}" name="${options.name ?? id}" type="${type}"${
    type === 'password' ? html`` : html` value="${value ?? ''}"`
  }${autocomplete ? html` autocomplete="${autocomplete}"` : ''}${
    describedBy ? html` aria-describedby="${describedBy}"` : ''
  }${error ? html` aria-invalid="true"` : ''}${type === 'email' ? html` spellcheck="false" autocapitalize="off"` : ''}${
    options.autofocus ? html` autofocus` : ''
  } required>
${after ?? ''}
</div>`;
}

export function linkButton(
  href: string,
  text: string,
  variant: 'primary' | 'secondary' = 'primary',
): SafeHtml {
  return html`<a class="button button--${variant}" href="${href}">${text}</a>`;
}
