// Progressive enhancement for the server-rendered pages. Every page works without it; the CSP
// allows scripts only from our origin, which is why this is a file and not inline.
(() => {
  function start() {
    // An error summary takes the focus, so keyboard and screen-reader users land on it.
    const summary = document.querySelector('.error-summary');
    if (summary) summary.focus();

    // Pages that only pass a confirmed request on (sign-out with a valid ID token) submit themselves.
    for (const form of document.querySelectorAll('form[data-auto-submit]')) form.submit();

    // "Show" buttons for password fields.
    for (const input of document.querySelectorAll('input[type="password"]')) {
      const toggle = document.createElement('button');
      toggle.type = 'button';
      toggle.className = 'password-toggle';
      toggle.textContent = 'Show password';
      toggle.setAttribute('aria-controls', input.id);
      toggle.setAttribute('aria-pressed', 'false');
      toggle.addEventListener('click', () => {
        const show = input.type === 'password';
        input.type = show ? 'text' : 'password';
        toggle.textContent = show ? 'Hide password' : 'Show password';
        toggle.setAttribute('aria-pressed', String(show));
      });
      input.insertAdjacentElement('afterend', toggle);
    }

    // One submission per form: a second click while the first is on its way does nothing.
    for (const form of document.querySelectorAll('form')) {
      form.addEventListener('submit', (event) => {
        if (form.dataset.submitting === 'true') {
          event.preventDefault();
          return;
        }
        form.dataset.submitting = 'true';
        for (const button of form.querySelectorAll('button[type="submit"]')) {
          button.setAttribute('aria-disabled', 'true');
        }
      });
    }
  }
  // Coming back to a page from the history cache must not leave its forms blocked.
  window.addEventListener('pageshow', () => {
    for (const form of document.querySelectorAll('form[data-submitting]')) {
      delete form.dataset.submitting;
      for (const button of form.querySelectorAll('[aria-disabled]')) button.removeAttribute('aria-disabled');
    }
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
