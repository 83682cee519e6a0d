import type { FastifyInstance } from 'fastify';
import { sendResult } from '../../kernel/http-result.ts';
import { OBJECT_BODY_ROUTE } from '../../kernel/route-schemas.ts';
import { serviceDeps } from '../../kernel/service-deps.ts';
import { changeUserRoles, listUserRoles, signOutUserEverywhere } from './user-service.ts';

/**
 * The users service of admin-app §7, admins only: GET /api/users lists every user's roles and all
 * roles; PUT /api/users with { user_id, new_roles, previous_roles } changes one user's roles
 * (docs/decisions/016-users-service.md). Errors answer { error }.
 */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const deps = serviceDeps(app);
  app.get('/api/users', async (request, reply) => {
    const viewer = await app.viewers.forRequest(request);
    return sendResult(reply, await listUserRoles(deps, viewer));
  });
  app.put('/api/users', OBJECT_BODY_ROUTE, async (request, reply) => {
    const viewer = await app.viewers.forRequest(request);
    return sendResult(reply, await changeUserRoles(deps, viewer, request.body));
  });
  // Issue 29 §4: an admin signs a user out of all devices.
  app.post<{ Params: { id: string } }>('/api/users/:id/sign-out-everywhere', async (request, reply) => {
    const viewer = await app.viewers.forRequest(request);
    return sendResult(reply, await signOutUserEverywhere(deps, viewer, request.params.id));
  });
}
