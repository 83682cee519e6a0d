import { useEffect, useState, useSyncExternalStore } from 'react';
import { formatDuration } from '#domain/voice-answers.ts';
import { forgetKept, type KeptRecording } from '#web/lib/voice/kept-recordings.ts';
import {
  clearUpload,
  sendKeptRecording,
  subscribeUpload,
  type UploadContext,
  uploadStateOf,
} from '#web/lib/voice/recording-uploads.ts';

/**
 * Issue 41 §2: a recording kept on this device, not yet on the server: being sent (with progress),
 * waiting for the connection, refused (the server's reason; it stays here), or left by a visit
 * that ended while recording ("Send it" finishes it as far as it was kept, "Delete it").
 */
export function KeptRecordingRow({
  kept,
  context,
  onGone,
}: {
  kept: KeptRecording;
  context: UploadContext;
  onGone: () => void;
}) {
  const [, rerender] = useState(0);
  const state = useSyncExternalStore(
    (listener) => subscribeUpload(kept.localId, listener),
    () => uploadStateOf(kept.localId),
  );
  useEffect(() => {
    if (state?.phase === 'done') onGone();
  }, [state, onGone]);
  const send = () => {
    clearUpload(kept.localId);
    sendKeptRecording(context, { ...kept, state: 'stopped' });
    rerender((n) => n + 1);
  };
  const discard = async () => {
    clearUpload(kept.localId);
    await forgetKept(context.owner, context.recordId, kept);
    onGone();
  };
  const length = formatDuration(kept.durationMs);
  let text: string;
  let actions: 'none' | 'send' | 'retry' = 'none';
  if (!state) {
    text = `A recording of ${length} was interrupted before it was sent. It is kept on this device.`;
    actions = 'send';
  } else if (state.phase === 'sending') {
    const percent = state.total > 0 ? Math.round((state.sent / state.total) * 100) : 0;
    text = `Sending your recording (${length}): ${percent}%`;
  } else if (state.phase === 'waiting') {
    text =
      state.reason === 'offline'
        ? `You are offline. Your recording (${length}) is kept on this device and is sent when you are back online.`
        : `The server could not be reached. Your recording (${length}) is kept on this device; trying again shortly.`;
  } else if (state.phase === 'refused') {
    text = `${state.message}`;
    actions = 'retry';
  } else {
    text = `Your recording (${length}) was sent.`;
  }
  return (
    <div className="voice-panel__kept">
      <p className={state?.phase === 'refused' ? 'voice-panel__problem' : 'voice-panel__note'} role="status">
        {text}
      </p>
      {actions !== 'none' ? (
        <div className="voice-panel__actions">
          <button type="button" className="button button--secondary" onClick={send}>
            {actions === 'send' ? 'Send it' : 'Try again'}
          </button>
          <button type="button" className="button button--secondary" onClick={() => void discard()}>
            Delete it
          </button>
        </div>
      ) : null}
    </div>
  );
}
