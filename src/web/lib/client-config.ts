import { type ClientConfig, DEFAULT_SESSION_LIMITS } from '#domain/client-config.ts';

/**
 * This deployment's client configuration. The server embeds it in index.html as
 * `<script id="app-config" type="application/json">`; under the Vite dev server (which serves its
 * own index.html) it is fetched from GET /api/client-config instead.
 */
export async function loadClientConfig(
  doc: Document = document,
  fetchImpl: typeof fetch = fetch,
): Promise<ClientConfig> {
  const embedded = doc.getElementById('app-config')?.textContent;
  if (embedded) return parseClientConfig(JSON.parse(embedded));
  const response = await fetchImpl('/api/client-config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load the client configuration (HTTP ${response.status}).`);
  return parseClientConfig(await response.json());
}

/** A hand-written check rather than zod: the app shell must stay small (DESIGN §2, bundle budget). */
export function parseClientConfig(value: unknown): ClientConfig {
  const config = value as Partial<ClientConfig> | null;
  const oidc = config?.oidc;
  if (
    typeof config?.productName !== 'string' ||
    typeof oidc?.authority !== 'string' ||
    typeof oidc.clientId !== 'string' ||
    typeof oidc.claimsNamespace !== 'string'
  ) {
    throw new Error('The client configuration is incomplete (productName and oidc are required).');
  }
  return {
    productName: config.productName,
    oidc: { authority: oidc.authority, clientId: oidc.clientId, claimsNamespace: oidc.claimsNamespace },
    session: sessionLimitsOf(config.session),
    ...(typeof config.mailboxUrl === 'string' ? { mailboxUrl: config.mailboxUrl } : {}),
    quickExitUrl: webAddressOr(config.quickExitUrl, FALLBACK_QUICK_EXIT_URL),
    supportLine: supportLineOf(config.supportLine),
    ...(config.outsideAi === true ? { outsideAi: true as const } : {}),
    ...recordingOf(config.recording),
  };
}

/** Issue 41: recordings' settings; a server too old to send them offers the default length. */
function recordingOf(value: unknown): Pick<ClientConfig, 'recording'> {
  const recording = value as Partial<NonNullable<ClientConfig['recording']>> | null | undefined;
  if (typeof recording?.maxMinutes !== 'number' || !(recording.maxMinutes > 0)) return {};
  return { recording: { maxMinutes: recording.maxMinutes, transcription: recording.transcription === true } };
}

/** Issue 28 §5: a server too old to send one still gets a neutral page, never a page of this app. */
const FALLBACK_QUICK_EXIT_URL = 'https://www.bbc.co.uk/weather';

function webAddressOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^https?:\/\//i.test(value) ? value : fallback;
}

function supportLineOf(value: unknown): ClientConfig['supportLine'] {
  const line = value as Partial<ClientConfig['supportLine']> | null | undefined;
  return {
    text: typeof line?.text === 'string' ? line.text : '',
    phone: typeof line?.phone === 'string' ? line.phone : null,
    url: typeof line?.url === 'string' && /^https?:\/\//i.test(line.url) ? line.url : null,
  };
}

/** Positive numbers, or the defaults (an older server sends none). */
function sessionLimitsOf(value: unknown): ClientConfig['session'] {
  const limits = (value ?? {}) as Partial<ClientConfig['session']>;
  const positive = (n: unknown, fallback: number) => (typeof n === 'number' && n > 0 ? n : fallback);
  return {
    idleMinutes: positive(limits.idleMinutes, DEFAULT_SESSION_LIMITS.idleMinutes),
    maxHours: positive(limits.maxHours, DEFAULT_SESSION_LIMITS.maxHours),
  };
}
