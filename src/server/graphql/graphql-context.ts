import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Viewer } from '../modules/identity/viewer.ts';

/** What every resolver receives: the server and the viewer (null for an anonymous caller). */
export interface GraphQLContext {
  app: FastifyInstance;
  viewer: Viewer | null;
  request?: FastifyRequest;
}
