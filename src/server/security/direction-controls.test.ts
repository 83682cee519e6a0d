import { beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../test-support/graphql-client.ts';
import { setUpTestApp } from '../test-support/set-up-test-app.ts';
import { createTestUser, type TestUser } from '../test-support/test-users.ts';

// Issue 38 §5 (decision 144): links and texts an admin sets refuse invisible direction controls,
// with a clear message and a 4xx, never a 500; the same values without them are stored.

const test = setUpTestApp();
let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(test.database.db, test.config, { roles: ['admin'] });
});

const CREATE = 'mutation($i: OrganizationInput!) { createOrganization(input: $i) { id website supportUrl } }';

describe('organization links and texts (issue 38 §5)', () => {
  it.each([
    [{ name: 'Acme', website: 'https://acme.example/\u202Egpj.exe' }, 'The website may not contain'],
    [{ name: 'Acme', phone: '555\u2066 0100' }, 'The phone number may not contain'],
    [{ name: 'Acme', supportText: 'Help', supportUrl: 'https://help.example/\u200F' }, 'The support link'],
    [{ name: 'Acme', supportText: 'Call \u202Dus', supportPhone: '116 123' }, 'The support text'],
  ])('refuses %j', async (input, message) => {
    const result = await graphql(test.app, CREATE, { i: input }, admin.headers);
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
    expect(result.errors?.[0]?.message).toContain(message);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('stores the same values without them, right-to-left scripts included', async () => {
    const result = await graphql<{ createOrganization: { website: string; supportUrl: string } }>(
      test.app,
      CREATE,
      {
        i: {
          name: 'مؤسسة',
          website: 'https://acme.example/gpj.exe',
          supportText: 'مساعدة',
          supportUrl: 'https://help.example/',
        },
      },
      admin.headers,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.createOrganization.website).toBe('https://acme.example/gpj.exe');
  });
});
