import fp from 'fastify-plugin';
import { createRecordChanges, type RecordChanges } from '../kernel/record-changes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    recordChanges: RecordChanges;
  }
}

/** The app's record-change publisher (kernel/record-changes.ts), listening while the server runs. */
export const recordChangesPlugin = fp(
  async (app) => {
    const changes = createRecordChanges(app.database, app.log);
    app.decorate('recordChanges', changes);
    if (changes.crossInstance) {
      const stop = await changes.listen();
      app.addHook('preClose', () => changes.close());
      app.addHook('onClose', async () => stop());
    }
  },
  { name: 'record-changes', dependencies: ['database'] },
);
