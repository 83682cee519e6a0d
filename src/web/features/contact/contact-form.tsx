import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { contactFormSchema, SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_TYPE } from '#domain/support-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { contactFailureMessage, useSendSupportMessage } from './api/send-support-message.ts';
import { FieldError } from './field-error.tsx';
import { TreeQuestion } from './tree-question.tsx';

/**
 * admin-app §2 Contact page form, §4 (idle → sending → success or error) and §5 rules: name,
 * e-mail and message required (the shared schema's messages), the honeypot, the tree count.
 * Errors are shown beside their fields and tied to them (aria-describedby); the first one gets focus.
 */
export function ContactForm({ onSent }: { onSent: () => void }) {
  const send = useSendSupportMessage();
  const form = useForm({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { name: '', email: '', message: '', website: '', trees: '' },
  });
  const { errors } = form.formState;
  const sendMessage = form.handleSubmit(({ name, email, message }) =>
    send.mutate(
      { name, email, message, type: SUPPORT_MESSAGE_TYPE, timestamp: new Date().toISOString() },
      { onSuccess: onSent },
    ),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    // admin-app §5: a filled honeypot silently stops submission (decision 042: nothing sent,
    // nothing shown), before any field is checked.
    if (send.isPending || form.getValues('website').trim() !== '') {
      event.preventDefault();
      return;
    }
    void sendMessage(event);
  }

  const failure = send.isError ? contactFailureMessage(send.error) : undefined;

  return (
    <form className="contact-form" noValidate onSubmit={submit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <p className="contact-form__note">All fields are required.</p>
      <TextField
        id="contact-name"
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        registration={form.register('name')}
      />
      <TextField
        id="contact-email"
        label="E-mail"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        registration={form.register('email')}
      />
      <div className="contact-form__field">
        <label htmlFor="contact-message" className="contact-form__label">
          Message
        </label>
        <textarea
          id="contact-message"
          className="contact-form__input contact-form__textarea"
          rows={7}
          maxLength={SUPPORT_MESSAGE_MAX}
          required
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
          {...form.register('message')}
        />
        <FieldError id="contact-message-error" message={errors.message?.message} />
      </div>

      {/* admin-app §5 honeypot: off-screen, out of the tab order and hidden from assistive technology,
          so only a bot filling every input finds it. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.register('website')}
        />
      </div>

      <TreeQuestion registration={form.register('trees')} error={errors.trees?.message} />

      <div className="contact-form__actions">
        <Button
          type="submit"
          size="lg"
          // aria-disabled rather than disabled: the button keeps focus while the message is sent.
          aria-disabled={send.isPending ? true : undefined}
        >
          {send.isPending ? 'Sending...' : 'Let us Help'}
        </Button>
      </div>
      {failure ? (
        <p className="contact-form__failure" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}

function TextField({
  id,
  label,
  type = 'text',
  autoComplete,
  error,
  registration,
}: {
  id: string;
  label: string;
  type?: 'text' | 'email';
  autoComplete: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div className="contact-form__field">
      <label htmlFor={id} className="contact-form__label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        className="contact-form__input"
        autoComplete={autoComplete}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
