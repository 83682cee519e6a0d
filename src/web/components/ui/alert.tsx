import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'warning' | 'info' | 'success';

/**
 * An inline message. Errors are announced at once (role="alert"); the others politely.
 * The spec's inline failures are red "Error: {message}" lines: use <ErrorMessage>.
 */
export function Alert({
  tone = 'info',
  title,
  children,
}: {
  tone?: AlertTone;
  title?: string;
  children: ReactNode;
}) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className="alert__title">{title}</p> : null}
      <div className="alert__body">{children}</div>
    </div>
  );
}

/** customer-app §8: inline failures read, in red, "Error: {message}". */
export function ErrorMessage({ message }: { message: string }) {
  return (
    <p className="error-message" role="alert">
      Error: {message}
    </p>
  );
}
