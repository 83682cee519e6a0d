import { expect, it } from 'vitest';
import { createTestInventoryType, createTestRecord } from '../../test-support/api-fixtures.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { setUpTestApp } from '../../test-support/set-up-test-app.ts';
import { createTestBrowser, exchangeCode } from '../../test-support/test-browser.ts';
import { linkIn, waitForMail } from '../../test-support/test-mail.ts';
import { callbackOf, signInThroughPages, signUpThroughPages } from '../../test-support/test-sign-in.ts';
import { createTestOrganization, createTestUser } from '../../test-support/test-users.ts';

// DESIGN §4 joining, end to end through the embedded provider's real pages: the person who signs
// up with the invited address reaches the record once the address is verified, never before.

const test = setUpTestApp({ listen: true });

const PASSWORD = 'a long passphrase 42';
const RECORDS = '{ viewer { id email records { id inventoryType { name } } } }';

it('links the invited row to the account only once its address is verified', async () => {
  const db = test.database.db;
  const org = await createTestOrganization(db, 'Joining Org');
  const type = await createTestInventoryType(db, 'Life Inventory');
  const customer = await createTestUser(db, test.config, { roles: ['customer'], organizationId: org });
  await createTestRecord(db, { inventoryTypeId: type, organizationId: org, clientId: null, data: {} });
  const email = 'invited.person@example.test';
  const invited = await test.app.inject({
    method: 'POST',
    url: '/api/invite',
    headers: customer.headers,
    payload: { name: 'Ivy Invited', email, organization: org, inventoryType: type },
  });
  expect(invited.statusCode).toBe(200);
  const { reportId } = invited.json();
  const invitation = await waitForMail(test.config, email, /invited you to/);
  expect(linkIn(invitation, `${test.config.publicUrl}/`)).toBe(`${test.config.publicUrl}/`);

  // Signs up with the invited address and continues before verifying it.
  const { browser, pkce, checkInbox } = await signUpThroughPages(test.config, {
    name: 'Ivy Person',
    email: 'Invited.Person@example.test',
    password: PASSWORD,
  });
  const continueUrl = /href="([^"]+)">Continue to /.exec(checkInbox.body)?.[1] ?? '';
  const { code } = callbackOf(await browser.visit(continueUrl.replace(/&amp;|&#38;/g, '&')));
  const unverified = await exchangeCode(test.config, code, pkce.verifier);
  const before = await graphql(test.app, RECORDS, {}, { authorization: `Bearer ${unverified.id_token}` });
  expect(before.data).toMatchObject({ viewer: { email: null, records: [] } });
  const forbidden = await graphql(
    test.app,
    'query($id: ID!) { record(id: $id) { id } }',
    { id: reportId },
    {
      authorization: `Bearer ${unverified.id_token}`,
    },
  );
  expect(forbidden.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

  // Verifies by the mailed link, signs in again: the invited row and its record are theirs.
  // The provider keeps addresses in lower case; the invitation matched regardless of case.
  const verifyMail = await waitForMail(test.config, email.toLowerCase(), /Verify your e-mail address/);
  const verified = await createTestBrowser(test.config.publicUrl).visit(
    linkIn(verifyMail, `${test.config.publicUrl}/oidc/account/verify?token=`),
  );
  expect(verified.body).toContain('Your e-mail address is verified');
  const tokens = await signInThroughPages(test.config, 'Invited.Person@example.test', PASSWORD);
  const after = await graphql<{ viewer: { id: string; records: unknown[] } }>(
    test.app,
    RECORDS,
    {},
    {
      authorization: `Bearer ${tokens.id_token}`,
    },
  );
  expect(after.data?.viewer.records).toEqual([{ id: reportId, inventoryType: { name: 'Life Inventory' } }]);

  // The organization's table shows the same person, now signed up, under the invited name.
  const table = await graphql<{
    organizationRecords: { id: string; clientId: string; user: { name: string } }[];
  }>(
    test.app,
    'query($id: ID!) { organizationRecords(organizationId: $id) { id clientId user { name } } }',
    { id: org },
    customer.headers,
  );
  expect(table.data?.organizationRecords.find((record) => record.id === reportId)).toEqual({
    id: reportId,
    clientId: after.data?.viewer.id,
    user: { name: 'Ivy Invited' },
  });
});
