import { type ReportRun, reportBlocks } from '#domain/report-document.ts';

/** Pieces keyed by their place: the text is rendered afresh, never reordered. */
function keyed<T>(items: readonly T[], prefix: string): { key: string; item: T }[] {
  return items.map((item, position) => ({ key: `${prefix}${position}`, item }));
}

function Line({ runs }: { runs: ReportRun[] }) {
  return keyed(runs, 'r').map(({ key, item }) =>
    item.bold ? <strong key={key}>{item.text}</strong> : <span key={key}>{item.text}</span>,
  );
}

/**
 * A generated report or narrative on screen, laid out by the rules of the Word report (admin-app
 * §9): `**Heading**` lines as headings (h3, below the screen's h2), newlines as line breaks, bold parts bold. React renders
 * every piece as text, so nothing a model or a person wrote is ever taken as markup.
 */
export function ReportText({ text }: { text: string }) {
  return (
    <div className="report-text">
      {keyed(reportBlocks(text), 'b').map(({ key, item: block }) =>
        block.kind === 'heading' ? (
          <h3 key={key}>{block.text}</h3>
        ) : (
          <p key={key}>
            {keyed(block.lines, 'l').map(({ key: lineKey, item: runs }, position) => (
              <span key={lineKey}>
                {position > 0 ? <br /> : null}
                <Line runs={runs} />
              </span>
            ))}
          </p>
        ),
      )}
    </div>
  );
}
