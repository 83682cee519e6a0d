import type { FastifyBaseLogger } from 'fastify';
import OpenAI from 'openai';
import type { ReportWriter, WritingResult } from './report-writer.ts';

export interface OpenAiSettings {
  apiKey: string;
  /** Any OpenAI-compatible API (OpenAI, Azure, Ollama, vLLM); OpenAI's own when unset. */
  baseUrl: string | undefined;
  timeoutMs: number;
}

/**
 * A model behind any OpenAI-compatible chat-completions API (DESIGN §1). The key stays on the
 * server: only the generated text leaves it. No retries: a person waits on the answer, and a
 * second try at 60 s would double the wait; they can press the button again (decision 080).
 */
export function createOpenAiWriter(settings: OpenAiSettings, log: FastifyBaseLogger): ReportWriter {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    timeout: settings.timeoutMs,
    maxRetries: 0,
  });
  return {
    kind: 'openai',
    async write({ model, messages }): Promise<WritingResult> {
      try {
        // customer-app §7: the first choice's message content, trimmed.
        const completion = await client.chat.completions.create({ model, messages });
        const text = completion.choices[0]?.message?.content?.trim();
        if (!text) return { ok: false, error: 'The AI service returned no text.', timeout: false };
        return { ok: true, text, model: completion.model || model };
      } catch (error) {
        const failure = providerFailure(error, model, settings.timeoutMs);
        // The provider's own words go to the log only: they may quote the request or the account.
        log.warn({ err: error, model, status: (error as { status?: unknown }).status }, failure.error);
        return failure;
      }
    },
  };
}

/** The provider's failure as a message a person can act on (shown after "Error generating new report: "). */
export function providerFailure(
  error: unknown,
  model: string,
  timeoutMs: number,
): { ok: false; error: string; timeout: boolean } {
  const fail = (message: string, timeout = false) => ({ ok: false as const, error: message, timeout });
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`;
    return fail(`The AI service did not answer within ${limit}.`, true);
  }
  if (error instanceof OpenAI.APIConnectionError) return fail('The AI service could not be reached.');
  if (error instanceof OpenAI.APIError) {
    switch (error.status) {
      case 401:
      case 403:
        return fail('The AI service refused the server’s credentials.');
      case 404:
        return fail(`The AI service does not offer the model ${model}.`);
      case 429:
        return fail('The AI service is busy or its quota is used up. Please try again later.');
      case 400:
      case 413:
      case 422:
        return fail(`The AI service could not process this request (HTTP ${error.status}).`);
      default:
        return fail(`The AI service failed (HTTP ${error.status ?? 'error'}). Please try again.`);
    }
  }
  return fail('The AI service failed unexpectedly. Please try again.');
}
