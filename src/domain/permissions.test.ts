import { describe, expect, it } from 'vitest';
import {
  type Actor,
  type DenialReason,
  decide,
  decideInventoryTypeForm,
  decideOrganization,
  decideRecord,
  GLOBAL_OPERATIONS,
  type GlobalOperation,
  type RecordFacts,
  type RecordOperation,
  recordFieldVisibility,
  recordInScope,
  recordOwnerName,
  recordReadScope,
} from './permissions.ts';

// The seven actors of DESIGN §6.
const ORG_A = 'org-a';
const ORG_B = 'org-b';
const actors = {
  anonymous: null,
  noRole: { userId: 'u-none', organizationId: null, roles: [] },
  owner: { userId: 'u-owner', organizationId: ORG_A, roles: ['client'] },
  otherClient: { userId: 'u-other', organizationId: ORG_A, roles: ['client'] },
  customerA: { userId: 'u-cust-a', organizationId: ORG_A, roles: ['customer'] },
  customerB: { userId: 'u-cust-b', organizationId: ORG_B, roles: ['customer'] },
  admin: { userId: 'u-admin', organizationId: null, roles: ['admin'] },
} satisfies Record<string, Actor | null>;
type ActorName = keyof typeof actors;
const actorNames = Object.keys(actors) as ActorName[];

const openRecord: RecordFacts = { clientId: 'u-owner', organizationId: ORG_A, submitted: false };
const submittedRecord: RecordFacts = { ...openRecord, submitted: true };

type Expected = 'allow' | DenialReason;
const row = (...cells: Expected[]) =>
  Object.fromEntries(actorNames.map((name, i) => [name, cells[i]])) as Record<ActorName, Expected>;
const outcome = (decision: { allowed: boolean; reason?: DenialReason }): Expected =>
  decision.allowed ? 'allow' : (decision.reason ?? 'forbidden');

describe('decideRecord on an open record owned by the client of organization A', () => {
  //                              anonymous          noRole       owner    otherClient  customerA    customerB    admin
  const table: Record<RecordOperation, Record<ActorName, Expected>> = {
    read: row('unauthenticated', 'not-found', 'allow', 'not-found', 'allow', 'not-found', 'allow'),
    saveAnswers: row(
      'unauthenticated',
      'not-found',
      'allow',
      'not-found',
      'forbidden',
      'not-found',
      'forbidden',
    ),
    submit: row('unauthenticated', 'not-found', 'allow', 'not-found', 'forbidden', 'not-found', 'forbidden'),
    readReport: row(
      'unauthenticated',
      'not-found',
      'forbidden',
      'not-found',
      'forbidden',
      'not-found',
      'allow',
    ),
    readGenerations: row(
      'unauthenticated',
      'not-found',
      'forbidden',
      'not-found',
      'forbidden',
      'not-found',
      'allow',
    ),
    readOwnerEmail: row('unauthenticated', 'not-found', 'allow', 'not-found', 'allow', 'not-found', 'allow'),
    readOwnerFederatedId: row(
      'unauthenticated',
      'not-found',
      'allow',
      'not-found',
      'forbidden',
      'not-found',
      'allow',
    ),
    resendInvite: row(
      'unauthenticated',
      'not-found',
      'forbidden',
      'not-found',
      'allow',
      'not-found',
      'allow',
    ),
    // Issue 29 §3: the owner's own yes or no to an outside AI, whoever else may read the record.
    setAiConsent: row(
      'unauthenticated',
      'not-found',
      'allow',
      'not-found',
      'forbidden',
      'not-found',
      'forbidden',
    ),
    // Issue 42 §4: the person's own book; nobody else makes one of their story.
    makeBook: row(
      'unauthenticated',
      'not-found',
      'allow',
      'not-found',
      'forbidden',
      'not-found',
      'forbidden',
    ),
    // Issue 43 §1: only the owner reads or sets their reminders.
    setReminders: row(
      'unauthenticated',
      'not-found',
      'allow',
      'not-found',
      'forbidden',
      'not-found',
      'forbidden',
    ),
  };
  for (const [operation, expectations] of Object.entries(table)) {
    it.each(actorNames)(`${operation}: %s`, (name) => {
      expect(outcome(decideRecord(actors[name], operation as RecordOperation, openRecord))).toBe(
        expectations[name],
      );
    });
  }
});

describe('decideRecord once the record is submitted', () => {
  it('still lets the owner make their book (issue 42 §1: after Complete & Send)', () => {
    expect(decideRecord(actors.owner, 'makeBook', submittedRecord)).toEqual({ allowed: true });
  });

  it('refuses the owner further saves and submits with the submitted reason', () => {
    expect(decideRecord(actors.owner, 'saveAnswers', submittedRecord)).toEqual({
      allowed: false,
      reason: 'submitted',
    });
    expect(decideRecord(actors.owner, 'submit', submittedRecord)).toEqual({
      allowed: false,
      reason: 'submitted',
    });
  });
  it('still lets the owner read it', () => {
    expect(decideRecord(actors.owner, 'read', submittedRecord).allowed).toBe(true);
  });
});

describe('decideRecord on an unassigned credit of organization A', () => {
  const credit: RecordFacts = { clientId: null, organizationId: ORG_A, submitted: false };
  it.each([
    ['noRole', 'not-found'],
    ['owner', 'not-found'],
    ['customerA', 'allow'],
    ['customerB', 'not-found'],
    ['admin', 'allow'],
  ] as const)('read by %s: %s', (name, expected) => {
    expect(outcome(decideRecord(actors[name], 'read', credit))).toBe(expected);
  });
  it('cannot be typed into by anyone, and has no invite to re-send', () => {
    for (const name of actorNames) {
      expect(decideRecord(actors[name], 'saveAnswers', credit).allowed).toBe(false);
      expect(decideRecord(actors[name], 'resendInvite', credit).allowed).toBe(false);
    }
  });
});

describe('ownership, not the client role, makes a record yours', () => {
  it('lets a person without any role edit a record assigned to them', () => {
    const invited: Actor = { userId: 'u-new', organizationId: null, roles: [] };
    expect(
      decideRecord(invited, 'saveAnswers', { clientId: 'u-new', organizationId: ORG_A, submitted: false }),
    ).toEqual({ allowed: true });
  });
  it('gives a customer of the organization no right to type into a member’s record', () => {
    expect(decideRecord(actors.customerA, 'saveAnswers', openRecord)).toEqual({
      allowed: false,
      reason: 'forbidden',
    });
  });
});

describe('decide (operations on no particular resource)', () => {
  const byAudience = {
    'signed-in': row('unauthenticated', 'allow', 'allow', 'allow', 'allow', 'allow', 'allow'),
    'customer-or-admin': row(
      'unauthenticated',
      'forbidden',
      'forbidden',
      'forbidden',
      'allow',
      'allow',
      'allow',
    ),
    admin: row('unauthenticated', 'forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden', 'allow'),
  };
  for (const [operation, audience] of Object.entries(GLOBAL_OPERATIONS)) {
    it.each(actorNames)(`${operation} (${audience}): %s`, (name) => {
      expect(outcome(decide(actors[name], operation as GlobalOperation))).toBe(byAudience[audience][name]);
    });
  }
  it('lets any signed-in person list products (customer-app §6) but only admins change them', () => {
    expect(decide(actors.noRole, 'products.list').allowed).toBe(true);
    expect(decide(actors.customerA, 'product.write').allowed).toBe(false);
  });
});

describe('decideOrganization for organization A', () => {
  const table = {
    read: row('unauthenticated', 'not-found', 'allow', 'allow', 'allow', 'not-found', 'allow'),
    readCredits: row('unauthenticated', 'not-found', 'forbidden', 'forbidden', 'allow', 'not-found', 'allow'),
    readRecords: row('unauthenticated', 'not-found', 'forbidden', 'forbidden', 'allow', 'not-found', 'allow'),
    invite: row('unauthenticated', 'not-found', 'forbidden', 'forbidden', 'allow', 'not-found', 'allow'),
    buyCredits: row('unauthenticated', 'not-found', 'forbidden', 'forbidden', 'allow', 'not-found', 'allow'),
    suggestReminders: row(
      'unauthenticated',
      'not-found',
      'forbidden',
      'forbidden',
      'allow',
      'not-found',
      'allow',
    ),
  };
  for (const [operation, expectations] of Object.entries(table)) {
    it.each(actorNames)(`${operation}: %s`, (name) => {
      expect(outcome(decideOrganization(actors[name], operation as 'read', ORG_A))).toBe(expectations[name]);
    });
  }
});

describe('decideInventoryTypeForm', () => {
  it.each(actorNames)('through a readable record: %s', (name) => {
    expect(outcome(decideInventoryTypeForm(actors[name], true))).toBe(
      name === 'anonymous' ? 'unauthenticated' : 'allow',
    );
  });
  it.each(actorNames)('directly: %s', (name) => {
    const expected = row('unauthenticated', 'forbidden', 'forbidden', 'forbidden', 'allow', 'allow', 'allow');
    expect(outcome(decideInventoryTypeForm(actors[name], false))).toBe(expected[name]);
  });
});

describe('recordReadScope is the read rule as a filter', () => {
  const records: RecordFacts[] = [
    openRecord,
    submittedRecord,
    { clientId: 'u-other', organizationId: ORG_A, submitted: false },
    { clientId: null, organizationId: ORG_A, submitted: false },
    { clientId: null, organizationId: ORG_B, submitted: false },
    { clientId: 'u-owner', organizationId: ORG_B, submitted: false },
    { clientId: 'u-x', organizationId: null, submitted: false },
  ];
  for (const name of actorNames) {
    const actor = actors[name];
    if (!actor) continue;
    it(`matches decideRecord('read') for ${name} on every kind of record`, () => {
      for (const record of records) {
        expect(recordInScope(recordReadScope(actor), record)).toBe(
          decideRecord(actor, 'read', record).allowed,
        );
      }
    });
  }
});

describe('recordFieldVisibility', () => {
  it('gives a client their own e-mail and subject but never report text or generations', () => {
    expect(recordFieldVisibility(actors.owner, openRecord)).toEqual({
      report: false,
      reportGenerations: false,
      ownerEmail: true,
      ownerFederatedId: true,
    });
  });
  it('gives the organization’s customer the owner’s e-mail, not the rest', () => {
    expect(recordFieldVisibility(actors.customerA, openRecord)).toEqual({
      report: false,
      reportGenerations: false,
      ownerEmail: true,
      ownerFederatedId: false,
    });
  });
  it('gives admins everything', () => {
    expect(recordFieldVisibility(actors.admin, openRecord)).toEqual({
      report: true,
      reportGenerations: true,
      ownerEmail: true,
      ownerFederatedId: true,
    });
  });
});

describe('recordOwnerName (issue 14 §10)', () => {
  const record = { clientId: 'person', organizationId: 'org-a', submitted: false };
  const ownOrganization = { userId: 'person', name: 'Registered', organizationId: 'org-a' };
  const otherOrganization = { userId: 'person', name: 'Registered', organizationId: 'org-b' };
  const customerA = { userId: 'customer', organizationId: 'org-a', roles: ['customer'] as const };
  const admin = { userId: 'admin', organizationId: null, roles: ['admin'] as const };
  it.each([
    ['an admin', admin, otherOrganization, 'Registered'],
    [
      'the person',
      { userId: 'person', organizationId: 'org-b', roles: ['client'] as const },
      otherOrganization,
      'Registered',
    ],
    ['the organization, of its own member', customerA, ownOrganization, 'Registered'],
    ['the organization, of another organization’s person', customerA, otherOrganization, 'Given'],
    [
      'the organization, of a person of no organization',
      customerA,
      { ...otherOrganization, organizationId: null },
      'Given',
    ],
    ['nobody signed in', null, otherOrganization, 'Given'],
    // Issue 30 §6: the invitation's name is gone with the rest; everyone reads the same words.
    ['an admin, of an erased person', admin, { ...otherOrganization, erased: true }, 'An erased person'],
    [
      'the organization, of an erased person it invited',
      customerA,
      { ...otherOrganization, organizationId: null, erased: true },
      'An erased person',
    ],
  ])('%s sees %s', (_who, actor, owner, expected) => {
    expect(recordOwnerName(actor, record, owner, 'Given')).toBe(expected);
  });
});
