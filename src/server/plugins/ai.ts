import fp from 'fastify-plugin';
import { offlineWriter } from '../modules/reports/offline-writer.ts';
import { createOpenAiWriter } from '../modules/reports/openai-writer.ts';
import type { ReportWriter } from '../modules/reports/report-writer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes reports and narratives: the configured model, or the offline generator (DESIGN §1). */
    reportWriter: ReportWriter;
  }
}

/**
 * DESIGN §1 "AI reports": any OpenAI-compatible API when OPENAI_API_KEY or OPENAI_BASE_URL is set,
 * else the offline generator. The key and the endpoint live here, on the server, and nowhere else:
 * the browser asks /api/reports and /api/narrative (DESIGN §8 "No secret in the browser").
 */
export const aiPlugin = fp(
  async (app) => {
    const settings = app.config.openai;
    const writer = settings ? createOpenAiWriter(settings, app.log) : offlineWriter;
    app.decorate('reportWriter', writer);
    app.log.info(
      settings
        ? `AI reports: OpenAI-compatible API${settings.baseUrl ? ' (custom base URL)' : ''}`
        : 'AI reports: offline generator',
    );
  },
  { name: 'ai', dependencies: ['database'] },
);
