import OpenAI, { toFile } from 'openai';
import { providerFailure } from '../reports/openai-writer.ts';

export interface TranscriptionSettings {
  baseUrl: string | undefined;
  apiKey: string;
  model: string;
  /** The endpoint's upload limit: longer audio goes in pieces (audio-pieces.ts). */
  maxBytes: number;
  timeoutMs: number;
}

export interface Transcriber {
  readonly model: string;
  readonly maxBytes: number;
  /** The words of one piece of audio; throws TranscriptionError with a sentence a person can act on. */
  transcribe(piece: Buffer, mimeType: string, name: string): Promise<string>;
}

export class TranscriptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranscriptionError';
  }
}

const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a' };

/**
 * Issue 41 §5: any OpenAI-compatible `/audio/transcriptions` endpoint (OpenAI, a local Whisper
 * server speaking its API). The key stays on the server; the provider's own words go to the log
 * only, never to the person (decision 080).
 */
export function createTranscriber(settings: TranscriptionSettings): Transcriber {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    timeout: settings.timeoutMs,
    // The job queue retries the whole job with back-off; the client does not retry on its own.
    maxRetries: 0,
  });
  return {
    model: settings.model,
    maxBytes: settings.maxBytes,
    async transcribe(piece, mimeType, name) {
      const container = mimeType.split(';')[0]?.trim() ?? 'audio/webm';
      const file = await toFile(piece, `${name}.${EXTENSIONS[container] ?? 'webm'}`, { type: container });
      try {
        const result = await client.audio.transcriptions.create({ model: settings.model, file });
        return (result.text ?? '').trim();
      } catch (error) {
        throw new TranscriptionError(providerFailure(error, settings.model, settings.timeoutMs).error);
      }
    },
  };
}
