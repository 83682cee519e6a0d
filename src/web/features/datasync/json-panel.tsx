import { type ReactNode, useId } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';

// admin-app §2 Datasync: "A copy shows 'Copied to clipboard!'".
export const COPIED_MESSAGE = 'Copied to clipboard!';

/**
 * A titled panel of formatted JSON with a copy control. The text is one <pre>: a 500-field
 * record's JSON is a few hundred kilobytes of text, which the browser lays out once and scrolls.
 */
export function JsonPanel({
  title,
  json,
  controls,
  children,
}: {
  title: string;
  json: string | null;
  controls?: ReactNode;
  children?: ReactNode;
}) {
  const titleId = useId();
  const { showToast } = useToast();
  const copy = async () => {
    if (json === null) return;
    try {
      await navigator.clipboard.writeText(json);
      showToast(COPIED_MESSAGE, 'success');
    } catch (error) {
      showToast(
        `Could not copy: ${error instanceof Error ? error.message : 'the browser refused.'}`,
        'error',
      );
    }
  };
  return (
    <section className="json-panel" aria-labelledby={titleId}>
      <div className="json-panel__header">
        <h2 id={titleId}>{title}</h2>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void copy()}
          disabled={json === null}
          aria-label={`Copy ${title}`}
          title="Copy to clipboard"
        >
          <CopyIcon /> Copy
        </Button>
      </div>
      {controls}
      {children ??
        (json === null ? null : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling JSON must be reachable by keyboard.
          <pre className="json-panel__code" tabIndex={0}>
            {json}
          </pre>
        ))}
    </section>
  );
}

/** Two overlapping sheets: the usual "copy" picture, drawn here so no icon font is needed. */
function CopyIcon() {
  return (
    <svg
      className="json-panel__icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}
