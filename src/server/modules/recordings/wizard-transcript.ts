import type { FastifyInstance } from 'fastify';
import { MAX_ANSWER_LENGTH } from '#domain/answer-limits.ts';
import { AI_CONSENT_MISSING } from '#domain/audit.ts';
import { decide } from '#domain/permissions.ts';
import { recordingByteLimit } from '#domain/voice-answers.ts';
import { sendResult } from '../../kernel/http-result.ts';
import { denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { type AuditRequest, auditOwnAction } from '../audit/audit-service.ts';
import { audioPieces } from './audio-pieces.ts';
import { type Transcriber, TranscriptionError } from './transcriber.ts';

export const WIZARD_TRANSCRIPT_PATH = '/api/narrative/transcript';
export const WIZARD_TRANSCRIPTION_NOT_SET_UP = 'Transcription is not set up here.';
const AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4'];

/**
 * Issue 41 §1, §5 for the inventory wizard (decision 188): the wizard keeps nothing on the server
 * (no record, so no key to seal under), so its recording is transcribed in this one request and
 * never stored: the audio is in memory while the endpoint writes it down, in pieces under its
 * limit, and is gone when the answer leaves. Same door as the narrative (customers and admins), the
 * person's yes with the request (issue 29 §3), the send entered in the audit before the audio leaves.
 */
export async function transcribeWizardAudio(
  deps: ServiceDeps & { transcriber: Transcriber | undefined },
  request: AuditRequest | null,
  audio: { bytes: Buffer; mimeType: string; aiConsent: boolean },
): Promise<Result<{ text: string }>> {
  const refused = refusal(decide(request?.viewer ?? null, 'narrative.generate'));
  if (refused || !request) return refused ?? denial('unauthenticated');
  if (!deps.transcriber) return fail('UNAVAILABLE', WIZARD_TRANSCRIPTION_NOT_SET_UP);
  if (!audio.aiConsent) return fail('FORBIDDEN', AI_CONSENT_MISSING);
  if (audio.bytes.length === 0) return fail('BAD_USER_INPUT', 'The recording is empty.');
  await auditOwnAction(deps, request, {
    recordId: null,
    action: 'recording.transcribe',
    provider: 'openai',
    model: deps.transcriber.model,
  });
  try {
    const texts: string[] = [];
    const pieces = audioPieces(audio.bytes, audio.mimeType, deps.transcriber.maxBytes);
    for (const [index, piece] of pieces.entries())
      texts.push(await deps.transcriber.transcribe(piece, audio.mimeType, `wizard-${index + 1}`));
    const text = texts.filter((piece) => piece !== '').join(' ');
    return ok({ text: text.slice(0, MAX_ANSWER_LENGTH) });
  } catch (error) {
    if (!(error instanceof TranscriptionError)) throw error;
    return fail('BAD_GATEWAY', `The transcript could not be made: ${error.message}`);
  }
}

/** POST /api/narrative/transcript?aiConsent=true with the audio as the body (audio/webm, ogg, mp4). */
export function wizardTranscriptRoute(
  app: FastifyInstance,
  deps: ServiceDeps & { transcriber: Transcriber | undefined; maxMinutes: number },
): void {
  app.register(async (scope) => {
    // Only this route reads audio bodies, as bytes, up to a recording's limit.
    scope.addContentTypeParser(
      AUDIO_TYPES,
      { parseAs: 'buffer', bodyLimit: recordingByteLimit(deps.maxMinutes) },
      (_request, body, done) => done(null, body),
    );
    scope.post<{ Querystring: { aiConsent?: string } }>(WIZARD_TRANSCRIPT_PATH, async (request, reply) => {
      const viewer = await app.viewers.forRequest(request);
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await transcribeWizardAudio(deps, viewer && { viewer, requestId: request.id }, {
        bytes,
        mimeType: request.headers['content-type'] ?? 'audio/webm',
        aiConsent: request.query.aiConsent === 'true',
      });
      return sendResult(reply, result);
    });
  });
}
