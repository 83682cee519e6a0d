import type { AnswerMapping, ProposedMapping } from '#domain/answer-mapping.ts';
import { answerSlots } from '#domain/form-answer-keys.ts';
import type { FormTemplate } from '#domain/form-template.ts';

const MATCHED_BY = { id: 'Same id', label: 'Same label', none: 'No match' } as const;
const LEAVE = '';

/** One row per answer of the source version, each with where its answers go (issue 12). */
export function MappingTable({
  proposals,
  mapping,
  target,
  targetLabel,
  onChange,
}: {
  proposals: readonly ProposedMapping[];
  mapping: AnswerMapping;
  target: FormTemplate;
  targetLabel: string;
  onChange: (key: string, to: string | null) => void;
}) {
  const slots = answerSlots(target);
  if (proposals.length === 0) return <p>The source version has no questions to map.</p>;
  return (
    <section
      className="table-scroll"
      aria-label="Field mapping (scrolls sideways)"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
    >
      <table className="data-table">
        <caption id="mapping-caption">{`Field mapping: where each answer goes in ${targetLabel}`}</caption>
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Section</th>
            <th scope="col">Goes to</th>
            <th scope="col">Proposed by</th>
          </tr>
        </thead>
        <tbody>
          {proposals.map(({ from, matchedBy }) => (
            <tr key={from.key}>
              <th scope="row">
                {from.label} <code>{from.key}</code>
              </th>
              <td>{from.sectionTitle}</td>
              <td>
                <select
                  aria-label={`Goes to, for ${from.label}`}
                  value={mapping[from.key] ?? LEAVE}
                  onChange={(event) =>
                    onChange(from.key, event.target.value === LEAVE ? null : event.target.value)
                  }
                >
                  <option value={LEAVE}>Not carried over (kept in the record)</option>
                  {slots.map((slot) => (
                    <option key={slot.key} value={slot.key}>{`${slot.label} (${slot.key})`}</option>
                  ))}
                </select>
              </td>
              <td>{MATCHED_BY[matchedBy]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
