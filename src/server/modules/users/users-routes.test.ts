import { beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../db/schema.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { setUpTestApp } from '../../test-support/set-up-test-app.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';

// admin-app §7 users service: GET /api/users and the role update (PUT /api/users).

const test = setUpTestApp();
let admin: TestUser;
let roleIds: Record<'admin' | 'customer' | 'client' | 'user', string>;
beforeAll(async () => {
  admin = await createTestUser(test.database.db, test.config, { roles: ['admin'], name: 'The Admin' });
  roleIds = Object.fromEntries(
    (await test.database.db.select().from(roles)).map((role) => [role.name, role.id]),
  ) as typeof roleIds;
});

const put = (payload: unknown, headers: Record<string, string> = admin.headers) =>
  test.app.inject({ method: 'PUT', url: '/api/users', headers, payload: payload as Record<string, unknown> });

describe('GET /api/users', () => {
  it('lists every user with their roles, and all roles', async () => {
    const person = await createTestUser(test.database.db, test.config, { roles: ['client', 'user'] });
    const response = await test.app.inject({ method: 'GET', url: '/api/users', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as {
      users: { user_id: string; roles: { id: string; name: string }[] }[];
      allRoles: { id: string; name: string }[];
    };
    expect(body.allRoles.map((role) => role.name).sort()).toEqual(['admin', 'client', 'customer', 'user']);
    expect(body.users).toContainEqual({
      user_id: person.id,
      roles: [
        { id: roleIds.client, name: 'client' },
        { id: roleIds.user, name: 'user' },
      ],
    });
  });

  it('refuses non-admins with the spec’s message', async () => {
    const customer = await createTestUser(test.database.db, test.config, { roles: ['customer'] });
    const response = await test.app.inject({ method: 'GET', url: '/api/users', headers: customer.headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Access denied. Admins only.' });
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/users' });
    expect(anonymous.json()).toEqual({ error: 'Failed to retrieve JWT token. User is not authenticated.' });
  });
});

describe('PUT /api/users', () => {
  it('grants what was added and revokes what was removed, leaving other changes alone', async () => {
    const person = await createTestUser(test.database.db, test.config, { roles: ['user'] });
    // The admin's screen showed [user]; meanwhile someone else granted client.
    await put({
      user_id: person.id,
      new_roles: [roleIds.user, roleIds.client],
      previous_roles: [roleIds.user],
    });
    const response = await put({
      user_id: person.id,
      new_roles: [roleIds.customer],
      previous_roles: [roleIds.user],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user_id: person.id,
      roles: [
        { id: roleIds.client, name: 'client' },
        { id: roleIds.customer, name: 'customer' },
      ],
    });
  });

  it('takes effect at once: the next request of that person sees the new roles', async () => {
    const organizationId = await createTestOrganization(test.database.db);
    const person = await createTestUser(test.database.db, test.config, {
      roles: ['customer'],
      organizationId,
    });
    const ask = () => graphql(test.app, '{ inventoryTypes { id } }', {}, person.headers);
    expect((await ask()).errors).toBeUndefined();
    await put({ user_id: person.id, new_roles: [], previous_roles: [roleIds.customer] });
    expect((await ask()).errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
  });

  it('never removes the last admin', async () => {
    const other = await createTestUser(test.database.db, test.config, { roles: ['admin'] });
    expect(
      (await put({ user_id: other.id, new_roles: [], previous_roles: [roleIds.admin] })).statusCode,
    ).toBe(200);
    const response = await put({ user_id: admin.id, new_roles: [], previous_roles: [roleIds.admin] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'At least one admin must remain: this is the last admin.' });
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/users', headers: admin.headers })).statusCode,
    ).toBe(200);
  });

  it.each([
    [
      'an unknown user',
      () => ({ user_id: '0d7c4f3e-0000-4000-8000-000000000000', new_roles: [], previous_roles: [] }),
      404,
      'User not found.',
    ],
    [
      'a user id that is no id',
      () => ({ user_id: 'me', new_roles: [], previous_roles: [] }),
      404,
      'User not found.',
    ],
    [
      'an unknown role',
      () => ({ user_id: admin.id, new_roles: ['nope'], previous_roles: [] }),
      400,
      'Unknown role id: nope.',
    ],
    [
      'an unknown field',
      () => ({ user_id: admin.id, new_roles: [], previous_roles: [], roles: [] }),
      400,
      'Unknown field: roles.',
    ],
    [
      'roles that are not a list',
      () => ({ user_id: admin.id, new_roles: 'admin', previous_roles: [] }),
      400,
      'new_roles and previous_roles must be lists of role ids.',
    ],
    ['no user id', () => ({ new_roles: [], previous_roles: [] }), 400, 'user_id is required.'],
  ])('refuses %s with { error }', async (_label, body, status, error) => {
    const response = await put(body());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"user_id":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Request body is not valid JSON.' });
  });
});
