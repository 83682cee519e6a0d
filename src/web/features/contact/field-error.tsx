/** A field's error beside it (admin-app §5), the target of the field's aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="contact-form__error">
      {message}
    </p>
  ) : null;
}
