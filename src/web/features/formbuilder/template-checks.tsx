import { useId } from 'react';
import { describeTemplateProblem, type TemplateProblem } from '#domain/form-template-problems.ts';

/** The form checked by the server's own rules as it is built, so a save is not refused by surprise. */
export function TemplateChecks({ problems }: { problems: readonly TemplateProblem[] }) {
  const id = useId();
  return (
    <section className="template-checks" aria-labelledby={`${id}-checks`}>
      <h2 id={`${id}-checks`}>Checks</h2>
      {problems.length === 0 ? (
        <p className="success-message">The form can be saved: no problems found.</p>
      ) : (
        <>
          <p>
            {problems.length} {problems.length === 1 ? 'problem' : 'problems'} to fix before saving:
          </p>
          <ul className="template-checks__list">
            {problems.map((problem, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two problems may read the same; the list is redrawn whole.
              <li key={index}>{describeTemplateProblem(problem)}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
