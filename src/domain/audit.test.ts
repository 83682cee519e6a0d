import { describe, expect, it } from 'vitest';
import { actingRole, auditActionText, auditActorText, collapseRepeats } from './audit.ts';

describe('auditActionText', () => {
  it.each([
    ['record.read', null, 'your', 'opened your record'],
    ['record.read', null, 'the', 'opened the record'],
    ['report.read', null, 'your', 'read a report of your record'],
    ['report.download', null, 'your', 'downloaded a report'],
    ['report.generate', 'gpt-4o-mini', 'your', 'generated a report with gpt-4o-mini'],
    ['report.generate', null, 'your', 'generated a report'],
    ['narrative.generate', 'gpt-4o-mini', 'your', 'sent your wizard answers to gpt-4o-mini'],
    ['narrative.generate', null, 'the', 'sent their wizard answers to an AI service'],
    ['ai-consent.given', null, 'your', 'allowed an AI service to draft a report'],
    ['ai-consent.withdrawn', null, 'your', 'withdrew the permission for an AI service'],
    ['book.pdf', null, 'your', 'made a book of your record (PDF)'],
    ['book.docx', null, 'the', 'made a book of the record (Word)'],
    ['book.epub', null, 'your', 'made a book of your record (EPUB)'],
    ['something.new', null, 'your', 'something.new'],
  ] as const)('%s (%s, %s) → %s', (action, model, whose, text) => {
    expect(auditActionText({ action, model }, whose)).toBe(text);
  });
});

describe('auditActorText', () => {
  const entry = { action: 'record.read', model: null };
  it.each([
    [{ actorName: 'Adele', actorRole: 'admin', actorOrganization: 'Org' }, false, 'Adele, admin'],
    [
      { actorName: 'Cora', actorRole: 'customer', actorOrganization: 'Demo Organization' },
      false,
      'Cora, Demo Organization',
    ],
    [{ actorName: 'Cora', actorRole: 'customer', actorOrganization: null }, false, 'Cora'],
    [{ actorName: ' ', actorRole: 'customer', actorOrganization: null }, false, 'Someone'],
    [{ actorName: 'Ada', actorRole: 'client', actorOrganization: 'Org' }, true, 'You'],
  ])('%j (owner: %s) → %s', (actor, ownerIsActor, text) => {
    expect(auditActorText({ ...entry, ...actor }, ownerIsActor)).toBe(text);
  });
});

describe('actingRole', () => {
  it.each([
    [['client', 'admin'], 'admin'],
    [['client', 'customer'], 'customer'],
    [['client'], 'client'],
    [[], 'user'],
  ])('%j → %s', (roles, role) => {
    expect(actingRole(roles)).toBe(role);
  });
});

describe('collapseRepeats', () => {
  const line = (id: string, who: string, what: string) => ({ id, at: id, who, what });
  it('folds neighbours with the same who and what, keeping the newest', () => {
    expect(
      collapseRepeats([
        line('3', 'A, admin', 'opened your record'),
        line('2', 'A, admin', 'opened your record'),
        line('1', 'A, admin', 'generated a report'),
        line('0', 'A, admin', 'opened your record'),
      ]).map((l) => [l.id, l.times]),
    ).toEqual([
      ['3', 2],
      ['1', 1],
      ['0', 1],
    ]);
  });
  it('leaves an empty list empty', () => {
    expect(collapseRepeats([])).toEqual([]);
  });
});
