import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { DEFAULT_RECORDING_MAX_MINUTES } from '#domain/voice-answer-keys.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useClientConfig } from '#web/lib/client-config-context.tsx';
import { readEntryIds } from '#web/lib/kept-answers-db.ts';
import { keptManifestPrefix } from '#web/lib/voice/kept-recording-ids.ts';
import { WIZARD_VOICE_SLOT } from './wizard-voice-slot.ts';

// The recorder and player load when a question first needs them (a press, or a recording kept here).
const WizardVoicePanel = lazy(async () => ({
  default: (await import('./wizard-voice-panel.tsx')).WizardVoicePanel,
}));
const preload = () => void import('./wizard-voice-panel.tsx');

/**
 * Issue 41 §1 on the wizard's narrative questions (its long-text ones; decision 188): "Record an
 * answer" below the question, and the recording kept on this device from an earlier visit.
 */
export function WizardVoice({
  fieldId,
  label,
  value,
  onChange,
}: {
  fieldId: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
}) {
  const { user, getIdToken } = useAuth();
  const recording = useClientConfig().recording;
  const owner = typeof user?.profile.sub === 'string' ? user.profile.sub : '';
  const [opened, setOpened] = useState(false);
  const [keptHere, setKeptHere] = useState(false);
  useEffect(() => {
    if (owner === '') return;
    let current = true;
    // Ids only (nothing is decrypted) of this question's recordings kept on the device.
    void readEntryIds(`${keptManifestPrefix(owner, WIZARD_VOICE_SLOT)}${fieldId}\n`, '')
      .then(({ ids }) => {
        if (current && ids.length > 0) setKeptHere(true);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [owner, fieldId]);
  const settings = useMemo(
    () => ({
      owner,
      getIdToken,
      maxMinutes: recording?.maxMinutes ?? DEFAULT_RECORDING_MAX_MINUTES,
      transcription: recording?.transcription === true,
    }),
    [owner, getIdToken, recording],
  );
  if (owner === '') return null;
  if (!opened && !keptHere)
    return (
      <div className="voice-answer">
        <button
          type="button"
          className="button button--secondary voice-answer__record"
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => setOpened(true)}
        >
          Record an answer
        </button>
      </div>
    );
  return (
    <Suspense fallback={<p className="voice-answer">Loading the recorder...</p>}>
      <WizardVoicePanel
        fieldId={fieldId}
        label={label}
        value={value}
        onChange={onChange}
        settings={settings}
        startNow={opened}
      />
    </Suspense>
  );
}
