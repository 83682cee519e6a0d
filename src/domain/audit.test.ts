import { describe, expect, it } from 'vitest';
import { actingRole, auditActionText, auditActorText, collapseRepeats, foldReadersByDay } from './audit.ts';

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

describe('foldReadersByDay (issue 44 §4)', () => {
  const dayOf = (at: string) => at.slice(0, 10);
  const entry = (id: string, at: string, who: string, what: string) => ({ id, at, who, what });
  const ada = 'Ada Admin, admin';
  const bob = 'Bob Helper, Demo Organization';

  it.each([
    {
      name: 'repeats and other actions of one reader on one day are one line, oldest action first',
      entries: [
        entry('5', '2026-11-29T15:00:00Z', ada, 'generated a report'),
        entry('4', '2026-11-29T14:00:00Z', ada, 'opened your record'),
        entry('3', '2026-11-29T13:00:00Z', ada, 'opened your record'),
        entry('2', '2026-11-29T12:00:00Z', ada, 'opened your record'),
      ],
      lines: [
        { id: '5', day: '2026-11-29', who: ada, what: 'opened your record 3 times and generated a report' },
      ],
    },
    {
      name: "an admin reading the report on the record's screen is part of opening it",
      entries: [
        entry('3', '2026-11-29T10:02:00Z', ada, 'read a report of your record'),
        entry('2', '2026-11-29T10:01:00Z', ada, 'read a report of your record'),
        entry('1', '2026-11-29T10:00:00Z', ada, 'opened your record'),
      ],
      lines: [{ id: '3', day: '2026-11-29', who: ada, what: 'opened your record' }],
    },
    {
      name: 'readers and days apart, newest first; a report read alone stays',
      entries: [
        entry('4', '2026-11-29T09:00:00Z', bob, 'read a report of your record'),
        entry('3', '2026-11-28T18:00:00Z', ada, 'opened your record'),
        entry('2', '2026-11-28T17:00:00Z', bob, 'opened your record'),
        entry('1', '2026-11-27T08:00:00Z', ada, 'opened your record'),
      ],
      lines: [
        { id: '4', day: '2026-11-29', who: bob, what: 'read a report of your record' },
        { id: '3', day: '2026-11-28', who: ada, what: 'opened your record' },
        { id: '2', day: '2026-11-28', who: bob, what: 'opened your record' },
        { id: '1', day: '2026-11-27', who: ada, what: 'opened your record' },
      ],
    },
    {
      name: 'three kinds of action read as a list',
      entries: [
        entry('3', '2026-11-29T12:00:00Z', ada, 'downloaded a report'),
        entry('2', '2026-11-29T11:00:00Z', ada, 'generated a report'),
        entry('1', '2026-11-29T10:00:00Z', ada, 'opened your record'),
      ],
      lines: [
        {
          id: '3',
          day: '2026-11-29',
          who: ada,
          what: 'opened your record, generated a report and downloaded a report',
        },
      ],
    },
    { name: 'nothing', entries: [], lines: [] },
  ])('$name', ({ entries, lines }) => {
    expect(foldReadersByDay(entries, dayOf)).toMatchObject(lines);
    expect(foldReadersByDay(entries, dayOf)).toHaveLength(lines.length);
  });
});
