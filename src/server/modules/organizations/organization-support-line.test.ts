import { describe, expect, it } from 'vitest';
import { SUPPORT_LINE_MESSAGES } from '#domain/support-line-rules.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { setUpTestAppWithFixtures } from '../../test-support/set-up-test-app.ts';

// Issue 28 §6: an organization's support line, set by admins, read by the people of its records;
// the configured default travels with the client configuration.

const { test, f } = setUpTestAppWithFixtures({
  env: {
    SUPPORT_LINE_TEXT: 'Call the line.',
    SUPPORT_LINE_PHONE: '116 123',
    QUICK_EXIT_URL: 'https://neutral.example/',
  },
});

const UPDATE = `mutation($id: ID!, $i: OrganizationInput!) {
  updateOrganization(id: $id, input: $i) { id supportText supportPhone supportUrl }
}`;
const line = {
  supportText: 'Our counsellors listen.',
  supportPhone: '0800 11 22 33',
  supportUrl: 'https://help.example/',
};

describe('organization support line', () => {
  it('is set by an admin and read by the owner of a record of the organization', async () => {
    const set = await graphql(
      test.app,
      UPDATE,
      { id: f.organizationA, i: { name: 'Organization A', ...line } },
      f.users.admin.headers,
    );
    expect(set.errors).toBeUndefined();
    const read = await graphql<{ record: { organization: Record<string, unknown> } }>(
      test.app,
      'query($id: ID!) { record(id: $id) { organization { name supportText supportPhone supportUrl } } }',
      { id: f.ownedRecordId },
      f.users.owner.headers,
    );
    expect(read.data?.record.organization).toEqual({ name: 'Organization A', ...line });
  });

  it('stays as stored when an update leaves it out, and clears when sent empty', async () => {
    const kept = await graphql<{ updateOrganization: Record<string, unknown> }>(
      test.app,
      UPDATE,
      { id: f.organizationA, i: { name: 'Organization A', phone: '555' } },
      f.users.admin.headers,
    );
    expect(kept.data?.updateOrganization).toMatchObject(line);
    const cleared = await graphql<{ updateOrganization: Record<string, unknown> }>(
      test.app,
      UPDATE,
      {
        id: f.organizationA,
        i: { name: 'Organization A', supportText: '', supportPhone: null, supportUrl: ' ' },
      },
      f.users.admin.headers,
    );
    expect(cleared.data?.updateOrganization).toMatchObject({
      supportText: null,
      supportPhone: null,
      supportUrl: null,
    });
  });

  it.each([
    [{ supportText: 'a\u0000b' }, SUPPORT_LINE_MESSAGES.controlCharacter],
    [{ supportText: 'x'.repeat(301) }, SUPPORT_LINE_MESSAGES.textTooLong],
    [{ supportText: 'Hi', supportPhone: 'call me' }, SUPPORT_LINE_MESSAGES.phoneFormat],
    [{ supportText: 'Hi', supportUrl: 'javascript:alert(1)' }, SUPPORT_LINE_MESSAGES.urlFormat],
    [{ supportText: '', supportPhone: '116 123' }, SUPPORT_LINE_MESSAGES.textNeeded],
  ])('refuses %j with a 4xx-style message, writing nothing', async (input, message) => {
    const response = await graphql(
      test.app,
      UPDATE,
      { id: f.organizationB, i: { name: 'Organization B', ...input } },
      f.users.admin.headers,
    );
    expect(response.status).toBeLessThan(500);
    expect(response.errors?.[0]?.message).toMatch(
      message === SUPPORT_LINE_MESSAGES.controlCharacter
        ? /./
        : new RegExp(message.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    const read = await graphql<{ organization: { supportText: string | null } }>(
      test.app,
      'query($id: ID!) { organization(id: $id) { supportText } }',
      { id: f.organizationB },
      f.users.admin.headers,
    );
    expect(read.data?.organization.supportText).toBeNull();
  });

  it('may be set by admins only', async () => {
    for (const actor of [f.users.customerA, f.users.owner]) {
      const response = await graphql(
        test.app,
        UPDATE,
        { id: f.organizationA, i: { name: 'Organization A', ...line } },
        actor.headers,
      );
      expect(response.errors?.[0]?.message).toBe('Access denied. Admins only.');
    }
  });

  it('has a default from configuration, sent with the client configuration with the quick-exit page', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.json()).toMatchObject({
      quickExitUrl: 'https://neutral.example/',
      supportLine: { text: 'Call the line.', phone: '116 123', url: null },
    });
  });
});
