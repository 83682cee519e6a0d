/**
 * customer-app §9 and admin-app §9: the models offered to admins for generating, in the spec's
 * order. The default is the form type's model.
 */
export const REPORT_MODELS = [
  'gpt-5',
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4-turbo',
  'gpt-4-1106-preview',
  'gpt-4',
  'gpt-3.5-turbo-0125',
  'gpt-3.5-turbo',
] as const;

/** customer-app §9: the wizard's model, and ours when a type names none (decision 080). */
export const DEFAULT_MODEL = 'gpt-4o-mini';

/** What the offline generator writes into a generation's model (decision 081): no model was used. */
export const OFFLINE_MODEL = 'offline';

const MODEL_NAME = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/;

/** The inventory type's own model, when it is a usable model name. */
function typeModelOf(typeModel: string | null | undefined): string | undefined {
  const trimmed = typeModel?.trim();
  return trimmed && MODEL_NAME.test(trimmed) ? trimmed : undefined;
}

/**
 * The models an admin may choose for a record of a type: the spec's list, plus the type's own
 * model when it is not on it (an admin set it in the form builder, e.g. `llama3.1` for a local
 * OpenAI-compatible server; decision 080).
 */
export function modelChoices(typeModel: string | null | undefined): string[] {
  const own = typeModelOf(typeModel);
  return own && !(REPORT_MODELS as readonly string[]).includes(own)
    ? [...REPORT_MODELS, own]
    : [...REPORT_MODELS];
}

/** admin-app §9 "The default is the inventory type's model"; gpt-4o-mini when it names none. */
export function defaultModel(typeModel: string | null | undefined): string {
  return typeModelOf(typeModel) ?? DEFAULT_MODEL;
}

export type ModelChoice = { ok: true; model: string } | { ok: false; error: string };

/** The model a request asked for, or the default when it asked for none; any other model is refused. */
export function chooseModel(requested: unknown, typeModel: string | null | undefined): ModelChoice {
  if (requested === undefined || requested === null || requested === '') {
    return { ok: true, model: defaultModel(typeModel) };
  }
  if (typeof requested !== 'string') return { ok: false, error: 'The model must be a model name.' };
  const model = requested.trim();
  if (modelChoices(typeModel).includes(model)) return { ok: true, model };
  return {
    ok: false,
    error: `Unknown model "${model.slice(0, 100)}". Choose one of: ${modelChoices(typeModel).join(', ')}.`,
  };
}
