import type { FastifyInstance } from 'fastify';
import { PERSONAL_DATA_FILE_NAME } from '#domain/personal-data.ts';
import { sendResult } from '../../kernel/http-result.ts';
import { serviceDeps } from '../../kernel/service-deps.ts';
import { exportPersonalData } from './personal-data-service.ts';

/** GET /api/my-data: the signed-in person's own records as a JSON file (issue 12). */
export async function personalDataRoutes(app: FastifyInstance): Promise<void> {
  const deps = serviceDeps(app);
  app.get('/api/my-data', async (request, reply) => {
    const viewer = await app.authenticate(request);
    const result = await exportPersonalData(deps, viewer);
    if (result.ok) {
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${PERSONAL_DATA_FILE_NAME}"`);
    }
    return sendResult(reply, result);
  });
}
