import type { SupportLine } from '#domain/support-line.ts';
import { telHref } from '#domain/support-line.ts';

/**
 * Issue 28 §6: the support line (the record's organization's, else the configured default): a
 * sentence, and a phone number and a link when there are, each something a person can act on.
 */
export function SupportLineView({
  line,
  headingLevel = 3,
  title = 'Support',
}: {
  line: SupportLine;
  headingLevel?: 2 | 3;
  title?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="support-line" aria-label={title}>
      <Heading className="support-line__title">{title}</Heading>
      {line.text ? <p>{line.text}</p> : null}
      {line.phone || line.url ? (
        <ul className="support-line__ways">
          {line.phone ? (
            <li>
              Phone: <a href={telHref(line.phone)}>{line.phone}</a>
            </li>
          ) : null}
          {line.url ? (
            <li>
              <a href={line.url} target="_blank" rel="noopener noreferrer">
                {line.url.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}
