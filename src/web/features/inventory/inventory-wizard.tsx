import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  emptyWizardAnswers,
  isWizardFieldShown,
  NARRATIVE_STEP,
  REVIEW_STEP,
  visibleWizardAnswers,
  WIZARD_STEP_COUNT,
  WIZARD_STEPS,
  type WizardAnswers,
  type WizardField,
} from '#domain/inventory-wizard.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ReportText } from '#web/components/ui/report-text.tsx';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useClientConfig } from '#web/lib/client-config-context.tsx';
import { generateNarrative, narrativeFailureMessage } from './api/generate-narrative.ts';
import { WizardQuestion } from './wizard-question.tsx';

const REVIEW_TITLE = 'Review Your Information';
const NARRATIVE_TITLE = 'Final Step: Generated Narrative';

function stepTitle(step: number): string {
  if (step === REVIEW_STEP) return REVIEW_TITLE;
  if (step === NARRATIVE_STEP) return NARRATIVE_TITLE;
  return WIZARD_STEPS[step - 1]?.title ?? '';
}

/**
 * The nine-step inventory wizard (customer-app §2 Inventory, §4 Wizard): steps 1–7 ask, each with
 * Next and (after the first) "Back to Step N"; step 8 reviews the answers as JSON and takes the
 * signature; "Get Report" asks the server for the narrative, and only its success leads to step 9.
 */
export function InventoryWizard() {
  const { getIdToken } = useAuth();
  const [step, setStep] = useState(1);
  const [answers, setAnswers] = useState<WizardAnswers>(emptyWizardAnswers);
  const [signature, setSignature] = useState('');
  const [aiConsent, setAiConsent] = useState(false);
  // Issue 29 §3: where answers would go to an outside AI, the person says yes on the review step.
  const outsideAi = useClientConfig().outsideAi === true;
  const [submitting, setSubmitting] = useState(false);
  const [narrative, setNarrative] = useState('');
  // A step changed by a button is announced by moving focus to its new heading (keyed by step).
  const focusHeading = useRef(false);
  const goTo = (target: number) => {
    focusHeading.current = true;
    setStep(target);
  };
  const headingRef = (node: HTMLHeadingElement | null) => {
    if (node && focusHeading.current) {
      focusHeading.current = false;
      node.focus();
    }
  };

  const answer = (id: WizardField['id'], value: string | string[]) =>
    setAnswers((current) => ({ ...current, [id]: value }));

  // The browser has checked the required fields of the step before this runs (customer-app §5).
  const next = (event: FormEvent) => {
    event.preventDefault();
    goTo(Math.min(step + 1, REVIEW_STEP));
  };

  const getReport = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || signature.trim() === '') return;
    setSubmitting(true);
    try {
      setNarrative(
        await generateNarrative(visibleWizardAnswers(answers), getIdToken, outsideAi && aiConsent),
      );
      goTo(NARRATIVE_STEP);
    } catch (error) {
      // customer-app §8: an alert, and the wizard stays on the review step.
      window.alert(narrativeFailureMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  const back =
    step > 1 ? (
      <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={submitting}>
        Back to Step {step - 1}
      </Button>
    ) : null;
  const questions = WIZARD_STEPS[step - 1];

  return (
    <section className="wizard" aria-labelledby="wizard-step-title">
      <p className="wizard__progress">
        Step {step} of {WIZARD_STEP_COUNT}
      </p>
      <h2 key={step} id="wizard-step-title" ref={headingRef} tabIndex={-1}>
        {stepTitle(step)}
      </h2>

      {questions ? (
        <form className="wizard__form" onSubmit={next}>
          <p className="wizard__note">Questions marked * are required.</p>
          {questions.fields
            .filter((field) => isWizardFieldShown(field, answers))
            .map((field) => (
              <WizardQuestion key={field.id} field={field} answers={answers} onChange={answer} />
            ))}
          <div className="button-row wizard__actions">
            {back}
            <Button type="submit">Next</Button>
          </div>
        </form>
      ) : null}

      {step === REVIEW_STEP ? (
        <form className="wizard__form" onSubmit={getReport}>
          <p>Please check your answers. Sign below, then choose Get Report.</p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach a long summary to scroll it */}
          <section className="wizard__summary" aria-label="Your answers" tabIndex={0}>
            <pre>{JSON.stringify(visibleWizardAnswers(answers), null, 2)}</pre>
          </section>
          <div className="wizard-question">
            <label className="wizard-question__label" htmlFor="wizard-signature">
              Signature
              <span className="wizard-question__required" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <input
              id="wizard-signature"
              className="wizard-question__input"
              type="text"
              required
              autoComplete="name"
              placeholder="Type your full name to sign"
              value={signature}
              onChange={(event) => setSignature(event.currentTarget.value)}
            />
          </div>
          {outsideAi ? (
            <div className="wizard-question">
              <label className="wizard-question__label">
                <input
                  type="checkbox"
                  required
                  checked={aiConsent}
                  onChange={(event) => setAiConsent(event.currentTarget.checked)}
                />{' '}
                Allow an AI service to write the narrative from these answers
              </label>
              <Link to="/aipolicy">Read the AI policy</Link>
            </div>
          ) : null}
          <div className="button-row wizard__actions">
            {back}
            <Button type="submit" disabled={submitting || signature.trim() === ''} aria-busy={submitting}>
              {submitting ? 'Submitting...' : 'Get Report'}
            </Button>
          </div>
        </form>
      ) : null}

      {step === NARRATIVE_STEP ? (
        <div className="wizard__narrative">
          <ReportText text={narrative} />
          <div className="button-row wizard__actions">{back}</div>
        </div>
      ) : null}
    </section>
  );
}
