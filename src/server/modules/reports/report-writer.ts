/**
 * Who writes reports and narratives (DESIGN §1 "AI reports"): an OpenAI-compatible model when one
 * is configured, else the offline generator. Both implement this interface; a request carries the
 * prompt for a model and the same content as data for the offline draft, so either can answer it.
 */
export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** A section of an offline draft: a heading and plain sentences. */
export interface DraftSection {
  title: string;
  sentences: string[];
}

export interface WritingRequest {
  /** The model chosen for this request (src/domain/report-models.ts). */
  model: string;
  messages: ChatMessage[];
  /** The content as sections, for the offline generator. */
  draft: {
    sections: DraftSection[];
    /** Sections the offline draft adds after the answers (what only a model could write). */
    closing?: DraftSection[];
  };
}

/**
 * The text written and the model that wrote it, or the message the person sees after "Error
 * generating new report: ". `timeout` tells the route to answer 504 rather than 502.
 */
export type WritingResult =
  | { ok: true; text: string; model: string }
  | { ok: false; error: string; timeout: boolean };

export interface ReportWriter {
  /** `offline` when no model is configured: the draft is built from the answers alone. */
  readonly kind: 'openai' | 'offline';
  write(request: WritingRequest): Promise<WritingResult>;
}
