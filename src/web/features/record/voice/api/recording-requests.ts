import { MISSING_TOKEN_MESSAGE } from '#domain/permissions.ts';

/** Issue 41 §4–§5: the recording calls of the record screen, each with the person's sign-in. */
type Outcome = { ok: true } | { ok: false; error: string };

async function call(
  path: string,
  method: 'DELETE' | 'POST',
  getIdToken: () => Promise<string | null>,
): Promise<Outcome> {
  const token = await getIdToken();
  if (!token) return { ok: false, error: MISSING_TOKEN_MESSAGE };
  try {
    const response = await fetch(path, { method, headers: { authorization: `Bearer ${token}` } });
    if (response.ok) return { ok: true };
    const payload = (await response.json().catch(() => null)) as { error?: string } | null;
    return { ok: false, error: payload?.error ?? `The server answered ${response.status}.` };
  } catch {
    return { ok: false, error: 'The server could not be reached. Try again when you are online.' };
  }
}

export function deleteRecording(id: string, getIdToken: () => Promise<string | null>) {
  return call(`/api/recordings/${encodeURIComponent(id)}`, 'DELETE', getIdToken);
}

export function transcribeAgain(id: string, getIdToken: () => Promise<string | null>) {
  return call(`/api/recordings/${encodeURIComponent(id)}/transcription`, 'POST', getIdToken);
}

/** The recording's audio (sealed on the server; opened for this person, audited if not the owner). */
export async function fetchRecordingAudio(
  id: string,
  getIdToken: () => Promise<string | null>,
): Promise<Blob> {
  const token = await getIdToken();
  if (!token) throw new Error(MISSING_TOKEN_MESSAGE);
  const response = await fetch(`/api/recordings/${encodeURIComponent(id)}/audio`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`The server answered ${response.status}.`);
  return response.blob();
}
