import { type FormEvent, type Ref, useRef, useState } from 'react';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_TYPE,
  type SupportMessage,
  supportMessageErrors,
  supportMessageSchema,
  treeCountError,
} from '#domain/support-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { contactFailureMessage, useSendSupportMessage } from './api/send-support-message.ts';
import { TreeQuestion } from './tree-question.tsx';

type Field = 'name' | 'email' | 'message' | 'trees';
type Values = Record<Field | 'website', string>;
type Errors = Partial<Record<Field, string>>;

const FIELD_ORDER: readonly Field[] = ['name', 'email', 'message', 'trees'];
const EMPTY: Values = { name: '', email: '', message: '', website: '', trees: '' };

/**
 * admin-app §2 Contact page form, §4 (idle → sending → success or error) and §5 rules: name,
 * e-mail and message required (the shared schema's messages), the honeypot, the tree count.
 * Errors are shown beside their fields and tied to them (aria-describedby); the first one gets focus.
 */
export function ContactForm({ onSent }: { onSent: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const send = useSendSupportMessage();
  const fieldRefs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const change = (field: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== 'website') setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    // admin-app §5: a filled honeypot silently stops submission (decision 042: nothing sent, nothing shown).
    if (values.website.trim() !== '') return;

    const message: SupportMessage | undefined = validate();
    if (!message) return;
    send.mutate(message, { onSuccess: onSent });
  }

  function validate(): SupportMessage | undefined {
    const parsed = supportMessageSchema.safeParse({
      name: values.name,
      email: values.email,
      message: values.message,
      type: SUPPORT_MESSAGE_TYPE,
      timestamp: new Date().toISOString(),
    });
    const found: Errors = parsed.success ? {} : supportMessageErrors(parsed.error);
    const trees = treeCountError(values.trees);
    if (trees) found.trees = trees;
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      fieldRefs.current[first]?.focus();
      return undefined;
    }
    return parsed.data;
  }

  const failure = send.isError ? contactFailureMessage(send.error) : undefined;

  return (
    <form className="contact-form" noValidate onSubmit={submit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <p className="contact-form__note">All fields are required.</p>
      <TextField
        field="name"
        label="Name"
        autoComplete="name"
        value={values.name}
        error={errors.name}
        onChange={change('name')}
        inputRef={(element) => {
          fieldRefs.current.name = element;
        }}
      />
      <TextField
        field="email"
        label="E-mail"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={change('email')}
        inputRef={(element) => {
          fieldRefs.current.email = element;
        }}
      />
      <div className="contact-form__field">
        <label htmlFor="contact-message" className="contact-form__label">
          Message
        </label>
        <textarea
          ref={(element) => {
            fieldRefs.current.message = element;
          }}
          id="contact-message"
          name="message"
          className="contact-form__input contact-form__textarea"
          rows={7}
          maxLength={SUPPORT_MESSAGE_MAX}
          required
          value={values.message}
          onChange={(event) => change('message')(event.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
        />
        {errors.message ? (
          <p id="contact-message-error" className="contact-form__error">
            {errors.message}
          </p>
        ) : null}
      </div>

      {/* admin-app §5 honeypot: off-screen, out of the tab order and hidden from assistive technology,
          so only a bot filling every input finds it. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(event) => change('website')(event.target.value)}
        />
      </div>

      <TreeQuestion
        value={values.trees}
        error={errors.trees}
        onChange={change('trees')}
        inputRef={(element) => {
          fieldRefs.current.trees = element;
        }}
      />

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
  field,
  label,
  type = 'text',
  autoComplete,
  value,
  error,
  onChange,
  inputRef,
}: {
  field: 'name' | 'email';
  label: string;
  type?: 'text' | 'email';
  autoComplete: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  inputRef: Ref<HTMLInputElement>;
}) {
  const id = `contact-${field}`;
  return (
    <div className="contact-form__field">
      <label htmlFor={id} className="contact-form__label">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={field}
        type={type}
        className="contact-form__input"
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="contact-form__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
