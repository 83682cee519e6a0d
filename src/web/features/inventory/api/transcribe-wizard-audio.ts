import { MISSING_TOKEN_MESSAGE } from '#domain/permissions.ts';

/**
 * Decision 188: the wizard's recording, sent once to be written down (POST /api/narrative/transcript
 * with the person's yes); the server keeps nothing of it. Answers the draft or the sentence to show.
 */
export async function transcribeWizardAudio(
  audio: Blob,
  getIdToken: () => Promise<string | null>,
): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  const token = await getIdToken();
  if (!token) return { ok: false, error: MISSING_TOKEN_MESSAGE };
  try {
    const response = await fetch('/api/narrative/transcript?aiConsent=true', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': audio.type || 'audio/webm' },
      body: audio,
    });
    const payload = (await response.json().catch(() => null)) as { text?: string; error?: string } | null;
    if (response.ok && typeof payload?.text === 'string') return { ok: true, text: payload.text };
    return { ok: false, error: payload?.error ?? `The server answered ${response.status}.` };
  } catch {
    return {
      ok: false,
      error:
        'The server could not be reached. Your recording is kept on this device; try again when you are online.',
    };
  }
}
