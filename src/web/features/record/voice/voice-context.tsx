import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { DEFAULT_RECORDING_MAX_MINUTES } from '#domain/voice-answer-keys.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useClientConfig } from '#web/lib/client-config-context.tsx';
import { readEntryIds } from '#web/lib/kept-answers-db.ts';
import { keptManifestPrefix } from '#web/lib/voice/kept-recording-ids.ts';

/** Issue 41: what a question's recorder needs of its record and of this deployment. */
export interface VoiceSettings {
  recordId: string;
  owner: string;
  /** The owner, on an open record: may record, send, delete and use transcripts. */
  editable: boolean;
  getIdToken: () => Promise<string | null>;
  maxMinutes: number;
  transcription: boolean;
  /** Answer keys with a recording kept on this device (loaded once per visit). */
  keptKeys: ReadonlySet<string>;
}

const VoiceContext = createContext<VoiceSettings | null>(null);

export function useVoiceSettings(): VoiceSettings | null {
  return useContext(VoiceContext);
}

/**
 * Issue 41: spoken answers on this record screen (the form builder's preview has none). Finds, by
 * their ids alone (nothing is decrypted), the questions with a recording kept on this device from
 * an earlier visit, so their recorder loads and offers to send it.
 */
export function VoiceProvider({
  recordId,
  owner,
  editable,
  children,
}: {
  recordId: string;
  owner: string;
  editable: boolean;
  children: ReactNode;
}) {
  const { getIdToken } = useAuth();
  const recording = useClientConfig().recording;
  const [keptKeys, setKeptKeys] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!editable || owner === '') return;
    let live = true;
    // Ids only, from the store already loaded for unsent answers (no chunk of its own at start).
    const prefix = keptManifestPrefix(owner, recordId);
    void readEntryIds(prefix, '')
      .then(({ ids }) => {
        const keys = new Set(ids.map((id) => id.slice(prefix.length).split('\n')[0] ?? ''));
        if (live && keys.size > 0) setKeptKeys(keys);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [recordId, owner, editable]);
  const settings = useMemo(
    () => ({
      recordId,
      owner,
      editable,
      getIdToken,
      maxMinutes: recording?.maxMinutes ?? DEFAULT_RECORDING_MAX_MINUTES,
      transcription: recording?.transcription === true,
      keptKeys,
    }),
    [recordId, owner, editable, getIdToken, recording, keptKeys],
  );
  return <VoiceContext value={settings}>{children}</VoiceContext>;
}
