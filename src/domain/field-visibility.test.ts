import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isFilledValue } from './answer-completeness.ts';
import { answerValues, conditionHolds, fieldVisibility, withoutHiddenAnswers } from './field-visibility.ts';
import type { Conditional, Field, FormTemplate } from './form-template.ts';
import { sampleLifeInventory, siblingsTable } from './test-support/sample-life-inventory.ts';

const when = (value: Conditional['value'], fieldId = 'controller'): Conditional => ({ fieldId, value });

describe('conditionHolds (customer-app §5)', () => {
  it.each<[string, Conditional | null | undefined, unknown, boolean]>([
    // "no conditional, or empty fieldId, means always shown"
    ['no conditional', undefined, undefined, true],
    ['null conditional', null, undefined, true],
    ['empty fieldId', { fieldId: '', value: 'Yes' }, 'No', true],
    ['blank fieldId', { fieldId: '  ', value: 'Yes' }, 'No', true],
    // "'any' means the controlling value is non-empty (or a non-empty list)"
    ['any: text', when('any'), 'Ada', true],
    ['any: empty text', when('any'), '', false],
    ['any: blank text', when('any'), '   ', false],
    ['any: unset', when('any'), undefined, false],
    ['any: null', when('any'), null, false],
    ['any: list', when('any'), ['Neglect'], true],
    ['any: empty list', when('any'), [], false],
    ['any: ticked checkbox', when('any'), true, true],
    ['any: unticked checkbox saved as false', when('any'), false, false],
    ['any: the number 0', when('any'), 0, true],
    // "a list of values matches if any is selected"
    ['list: one selected', when(['Physical abuse', 'Neglect']), ['Neglect'], true],
    ['list: none selected', when(['Physical abuse', 'Neglect']), ['Homelessness'], false],
    ['list: radio answer in list', when(['Yes', 'Maybe']), 'Yes', true],
    ['list: nothing answered', when(['Yes']), undefined, false],
    ['list: empty checkbox', when(['Neglect']), [], false],
    // "otherwise equality"; a checkbox answer is a list, so "equal" means "selected"
    ['equality: same', when('Yes'), 'Yes', true],
    ['equality: different', when('Yes'), 'No', false],
    ['equality: case matters', when('Yes'), 'yes', false],
    ['equality: spaces around ignored', when(' Yes'), 'Yes ', true],
    ['equality: checkbox holds it', when('Other'), ['Stepfather', 'Other'], true],
    ['equality: checkbox lacks it', when('Other'), ['Stepfather'], false],
    // numbers and booleans compare in their string form (decision 020)
    ['number answer vs text value', when('3'), 3, true],
    ['text answer vs text value', when('3'), '3', true],
    ['decimal', when('2.5'), 2.5, true],
    ['no numeric reading', when('03'), 3, false],
    ['true checkbox', when('true'), true, true],
    ['false is unset, matches nothing', when('false'), false, false],
    // a blank value or an empty list behaves as 'any' (decision 020)
    ['blank value, answered', when(''), 'x', true],
    ['blank value, unanswered', when(''), '', false],
    ['empty list, answered', when([]), ['x'], true],
    ['empty list, unanswered', when([]), [], false],
    // 'any' is the special word only on its own
    ['list containing the word any', when(['any']), 'Ada', false],
  ])('%s', (_case, conditional, controllingValue, shown) => {
    expect(conditionHolds(conditional, controllingValue)).toBe(shown);
  });

  it("'any' holds exactly when the controlling value is filled", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(conditionHolds(when('any'), value)).toBe(isFilledValue(value));
      }),
    );
  });

  it('a list of values holds when one of its single values would, whatever their order', () => {
    const word = fc.constantFrom('Yes', 'No', 'Other', 'Neglect', 'Cane');
    fc.assert(
      fc.property(fc.array(word, { minLength: 1 }), fc.oneof(word, fc.array(word)), (values, answer) => {
        const single = values.some((value) => conditionHolds(when(value), answer));
        expect(conditionHolds(when(values), answer)).toBe(single);
        expect(conditionHolds(when([...values].reverse()), answer)).toBe(single);
      }),
    );
  });

  it('reads answers as the strings templates hold', () => {
    expect(answerValues([' Cane ', '', 2, true, false, null])).toEqual(['Cane', '2', 'true']);
  });
});

function visibleIds(form: FormTemplate, answers: Record<string, unknown>): string[] {
  const visibility = fieldVisibility(form, answers);
  return form.steps
    .flatMap((step) => step.fields)
    .filter(visibility.isFieldVisible)
    .map((field) => field.id);
}

describe('fieldVisibility over the sample Life Inventory', () => {
  const alwaysShown = ['name', 'dateOfBirth', 'age', 'otherCaretakers', 'parentsSeparated', 'siblings'];

  it.each<[string, Record<string, unknown>, string[]]>([
    ['nothing answered', {}, []],
    ['Other caretaker checked', { otherCaretakers: ['Grandmother', 'Other'] }, ['otherCaretakerDetails']],
    ['Other caretaker not checked', { otherCaretakers: ['Grandmother'], otherCaretakerDetails: 'x' }, []],
    ['parents separated', { parentsSeparated: 'Yes' }, ['ageAtSeparation']],
    [
      'parents separated, age given',
      { parentsSeparated: 'Yes', ageAtSeparation: 7 },
      ['ageAtSeparation', 'livingArrangementAfterSeparation'],
    ],
    // hidden controller ⇒ hidden dependent (decision 020): the stale age does not open the follow-up
    ['not separated, stale age', { parentsSeparated: 'No', ageAtSeparation: 7 }, []],
  ])('%s', (_case, answers, conditionallyShown) => {
    const expected = alwaysShown.concat(conditionallyShown);
    expect(visibleIds(sampleLifeInventory, answers).sort()).toEqual(expected.sort());
  });

  it('scopes a cell condition to its own row (customer-app §5)', () => {
    const visibility = fieldVisibility(sampleLifeInventory, { siblings__0__siblingName: 'Tom' });
    const [first, second] = siblingsTable.rows ?? [];
    const shown = (rowIndex: number, cells = rowIndex === 0 ? first : second) =>
      (cells?.fields ?? [])
        .filter((cell) => visibility.isCellVisible(siblingsTable, rowIndex, cell))
        .map((c) => c.id);
    expect(shown(0)).toEqual(['siblingName', 'relation', 'stillInContact']);
    expect(shown(1)).toEqual(['siblingName']);
  });
});

describe('fieldVisibility: chains, tables and odd templates', () => {
  const form = (fields: Field[]): FormTemplate => ({
    formId: 'f',
    formTitle: 'F',
    steps: [{ stepTitle: 'S', fields }],
  });
  const text = (id: string, conditional?: Conditional): Field => ({
    id,
    label: id,
    type: 'text',
    conditional,
  });

  it('hides every cell of a hidden table', () => {
    const table: Field = { ...siblingsTable, conditional: { fieldId: 'hasSiblings', value: 'Yes' } };
    const cell = table.rows?.[0]?.fields[0];
    if (!cell) throw new Error('fixture');
    const answers = { siblings__0__siblingName: 'Tom' };
    const templ = form([{ id: 'hasSiblings', label: 'Siblings?', type: 'radio' }, table]);
    expect(fieldVisibility(templ, { ...answers, hasSiblings: 'No' }).isCellVisible(table, 0, cell)).toBe(
      false,
    );
    expect(fieldVisibility(templ, { ...answers, hasSiblings: 'Yes' }).isCellVisible(table, 0, cell)).toBe(
      true,
    );
  });

  it('hides a cell whose controlling cell of the same row is hidden', () => {
    const table: Field = {
      id: 'medical',
      label: 'Medical history',
      type: 'table',
      rows: [
        {
          fields: [
            { id: 'hadIt', label: 'Had it', type: 'checkbox' },
            text('treatment', when('any', 'hadIt')),
            text('stillTreated', when('any', 'treatment')),
          ],
        },
      ],
    };
    const cells = table.rows?.[0]?.fields ?? [];
    const shown = (answers: Record<string, unknown>) => {
      const visibility = fieldVisibility(form([table]), answers);
      return cells.filter((cell) => visibility.isCellVisible(table, 0, cell)).map((cell) => cell.id);
    };
    expect(shown({ medical__0__hadIt: true, medical__0__treatment: 'Inhaler' })).toEqual([
      'hadIt',
      'treatment',
      'stillTreated',
    ]);
    expect(shown({ medical__0__hadIt: false, medical__0__treatment: 'Inhaler' })).toEqual(['hadIt']);
  });

  it('reads a cell condition naming no cell of its row as a field of the form (decision 020)', () => {
    const table: Field = {
      id: 'homes',
      label: 'Homes after the separation',
      type: 'table',
      rows: [{ fields: [text('city', when('Yes', 'parentsSeparated'))] }],
    };
    const templ = form([{ id: 'parentsSeparated', label: 'Separated?', type: 'radio' }, table]);
    const city = table.rows?.[0]?.fields[0];
    if (!city) throw new Error('fixture');
    expect(fieldVisibility(templ, { parentsSeparated: 'Yes' }).isCellVisible(table, 0, city)).toBe(true);
    expect(fieldVisibility(templ, { parentsSeparated: 'No' }).isCellVisible(table, 0, city)).toBe(false);
  });

  it('follows a chain of controllers to its first hidden link', () => {
    const templ = form([
      text('a'),
      text('b', when('any', 'a')),
      text('c', when('any', 'b')),
      text('d', when('any', 'c')),
    ]);
    expect(visibleIds(templ, { b: 'x', c: 'x' })).toEqual(['a']);
    expect(visibleIds(templ, { a: 'x', b: 'x', c: 'x' })).toEqual(['a', 'b', 'c', 'd']);
  });

  it('ends on a cycle, requiring every condition of the cycle, whichever field is asked first', () => {
    const a = text('a', when('any', 'b'));
    const b = text('b', when('any', 'a'));
    const templ = form([a, b]);
    expect(visibleIds(templ, { a: 'x', b: 'y' })).toEqual(['a', 'b']);
    expect(visibleIds(templ, { a: 'x' })).toEqual([]);
    const self = text('self', when('any', 'self'));
    expect(visibleIds(form([self]), { self: 'x' })).toEqual(['self']);
  });

  it('decides by the answer alone when the controlling field is not in the form', () => {
    const templ = form([text('details', when('Yes', 'retiredQuestion'))]);
    expect(visibleIds(templ, { retiredQuestion: 'Yes' })).toEqual(['details']);
    expect(visibleIds(templ, {})).toEqual([]);
  });
});

describe('withoutHiddenAnswers', () => {
  it('drops answers of hidden fields and cells and keeps all else', () => {
    const answers = {
      name: 'Ada',
      parentsSeparated: 'No',
      ageAtSeparation: 7,
      livingArrangementAfterSeparation: 'Mother',
      siblings__1__siblingName: '',
      siblings__1__relation: 'Half',
      siblings__0__siblingName: 'Tom',
      siblings__0__relation: 'Full',
      retiredQuestion: 'kept',
      currentStep: 2,
    };
    expect(withoutHiddenAnswers(sampleLifeInventory, answers)).toEqual({
      name: 'Ada',
      parentsSeparated: 'No',
      siblings__1__siblingName: '',
      siblings__0__siblingName: 'Tom',
      siblings__0__relation: 'Full',
      retiredQuestion: 'kept',
      currentStep: 2,
    });
  });
});
