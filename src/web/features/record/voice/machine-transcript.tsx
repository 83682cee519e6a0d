import { useState } from 'react';
import { RECORDING_MESSAGES, type RecordingDescriptor } from '#domain/voice-answers.ts';
import { transcribeAgain } from './api/recording-requests.ts';

/**
 * Issue 41 §5: the recording's machine transcript, a draft marked as such until the person chooses
 * "Use this transcript" (which adds it to the typed answer, never over it). Its progress while the
 * background job runs; why there is none (not set up here, no consent); a failure with "Try again".
 */
export function MachineTranscript({
  descriptor,
  editable,
  onUse,
  getIdToken,
}: {
  descriptor: RecordingDescriptor;
  editable: boolean;
  onUse: (text: string) => void;
  getIdToken: () => Promise<string | null>;
}) {
  const [asked, setAsked] = useState<string | null>(null);
  const [used, setUsed] = useState(false);
  const transcript = descriptor.transcript;
  const again = async () => {
    const result = await transcribeAgain(descriptor.id, getIdToken);
    setAsked(result.ok ? 'Asked for a new transcript.' : result.error);
  };
  switch (transcript.state) {
    case 'not-set-up':
      return <p className="voice-panel__note">{RECORDING_MESSAGES.notSetUp}</p>;
    case 'no-consent':
      return (
        <div className="voice-panel__actions">
          <p className="voice-panel__note">{RECORDING_MESSAGES.noConsent}</p>
          {editable ? (
            <button type="button" className="button button--secondary" onClick={() => void again()}>
              Make a transcript now
            </button>
          ) : null}
          {asked ? <p role="status">{asked}</p> : null}
        </div>
      );
    case 'queued':
    case 'running': {
      const percent = Math.round((transcript.progress ?? 0) * 100);
      return (
        <div>
          <p className="voice-panel__note" role="status">
            {transcript.state === 'queued'
              ? 'Waiting to make a transcript...'
              : `Making a transcript: ${percent}%`}
          </p>
          <progress className="voice-progress" max={100} value={percent} aria-label="Transcript progress" />
        </div>
      );
    }
    case 'failed':
      return (
        <div className="voice-panel__actions">
          <p className="voice-panel__problem">{transcript.error ?? RECORDING_MESSAGES.failed}</p>
          {editable ? (
            <button type="button" className="button button--secondary" onClick={() => void again()}>
              Try the transcript again
            </button>
          ) : null}
          {asked ? <p role="status">{asked}</p> : null}
        </div>
      );
    case 'done':
      return (
        <div>
          <p className="voice-transcript__label">Machine transcript (a draft: check it before you use it)</p>
          <blockquote className="voice-transcript">
            {transcript.text || '(No words were recognised.)'}
          </blockquote>
          {editable && transcript.text ? (
            <div className="voice-panel__actions">
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  onUse(transcript.text ?? '');
                  setUsed(true);
                }}
              >
                Use this transcript
              </button>
              {used ? (
                <p className="voice-panel__note" role="status">
                  The transcript was added to your answer above. You can edit it there.
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      );
  }
}
