import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageInYears, MAX_AGE_YEARS, withComputedHiddenFields } from './age.ts';
import type { FormTemplate } from './form-template.ts';
import { sampleLifeInventory } from './test-support/sample-life-inventory.ts';

/** A local calendar day, as "today" is read. */
const day = (year: number, month: number, date: number) => new Date(year, month - 1, date, 12);

describe('ageInYears (customer-app §3: whole years from dateOfBirth)', () => {
  it.each<[string, unknown, Date, number | null]>([
    ['the day before the birthday', '1980-12-10', day(2024, 12, 9), 43],
    ['on the birthday', '1980-12-10', day(2024, 12, 10), 44],
    ['the day after the birthday', '1980-12-10', day(2024, 12, 11), 44],
    ['earlier month', '1980-12-10', day(2024, 1, 31), 43],
    ['born today', '2024-06-01', day(2024, 6, 1), 0],
    ['a date input value with spaces around', ' 1980-12-10 ', day(2024, 12, 10), 44],
    ['an ISO timestamp: its date part', '1980-12-10T23:30:00.000Z', day(2024, 12, 10), 44],
    // leap-day birthdays are reached on 1 March in other years (decision 020)
    ['29 February, on 28 February of a common year', '2000-02-29', day(2023, 2, 28), 22],
    ['29 February, on 1 March of a common year', '2000-02-29', day(2023, 3, 1), 23],
    ['29 February, on 28 February of a leap year', '2000-02-29', day(2024, 2, 28), 23],
    ['29 February, on 29 February of a leap year', '2000-02-29', day(2024, 2, 29), 24],
    ['born 28 February, on 29 February', '2000-02-28', day(2024, 2, 29), 24],
    ['at the limit', '1874-06-01', day(2024, 6, 1), MAX_AGE_YEARS],
    // no age
    ['a future date', '2030-01-01', day(2024, 6, 1), null],
    ['tomorrow', '2024-06-02', day(2024, 6, 1), null],
    ['above the limit (a typing slip)', '1080-12-10', day(2024, 6, 1), null],
    ['empty', '', day(2024, 6, 1), null],
    ['unset', undefined, day(2024, 6, 1), null],
    ['not a date', 'last spring', day(2024, 6, 1), null],
    ['month 13', '1980-13-01', day(2024, 6, 1), null],
    ['30 February', '1980-02-30', day(2024, 6, 1), null],
    ['29 February of a common year', '1981-02-29', day(2024, 6, 1), null],
    ['29 February 1900 (not a leap year)', '1900-02-29', day(1950, 6, 1), null],
    ['31 April', '1980-04-31', day(2024, 6, 1), null],
    ['US order', '12/10/1980', day(2024, 6, 1), null],
    ['no zero padding', '1980-1-5', day(2024, 6, 1), null],
    ['a number', 19801210, day(2024, 6, 1), null],
    ['an invalid today', '1980-12-10', new Date(Number.NaN), null],
  ])('%s', (_case, dateOfBirth, today, age) => {
    expect(ageInYears(dateOfBirth, today)).toBe(age);
  });

  it('counts exactly the birthdays passed, for any birth date and any later day', () => {
    const date = fc.date({ min: new Date(1900, 0, 1), max: new Date(2100, 11, 31), noInvalidDate: true });
    fc.assert(
      fc.property(date, fc.nat({ max: 40_000 }), (birth, daysLater) => {
        const today = new Date(birth.getFullYear(), birth.getMonth(), birth.getDate() + daysLater, 12);
        const iso = [birth.getFullYear(), birth.getMonth() + 1, birth.getDate()]
          .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
          .join('-');
        let birthdays = 0;
        while (birthdays < 200) {
          const next = new Date(birth.getFullYear() + birthdays + 1, birth.getMonth(), birth.getDate(), 12);
          // 29 February of a common year: Date rolls over to 1 March, the day it is reached.
          if (next > today) break;
          birthdays++;
        }
        expect(ageInYears(iso, today)).toBe(birthdays <= MAX_AGE_YEARS ? birthdays : null);
      }),
    );
  });
});

describe('withComputedHiddenFields', () => {
  const today = day(2024, 6, 1);

  it('sets the hidden age from the date of birth', () => {
    expect(withComputedHiddenFields(sampleLifeInventory, { dateOfBirth: '1980-12-10' }, today)).toEqual({
      dateOfBirth: '1980-12-10',
      age: 43,
    });
  });

  it('clears a stale age when the date of birth is cleared or becomes invalid', () => {
    expect(withComputedHiddenFields(sampleLifeInventory, { dateOfBirth: '', age: 43 }, today)).toEqual({
      dateOfBirth: '',
      age: null,
    });
    expect(
      withComputedHiddenFields(sampleLifeInventory, { dateOfBirth: '2030-01-01', age: 43 }, today).age,
    ).toBeNull();
  });

  it('corrects an age saved as text or miscomputed', () => {
    expect(
      withComputedHiddenFields(sampleLifeInventory, { dateOfBirth: '1980-12-10', age: '40' }, today).age,
    ).toBe(43);
  });

  it('returns the same answers when nothing changes', () => {
    const settled = { dateOfBirth: '1980-12-10', age: 43 };
    expect(withComputedHiddenFields(sampleLifeInventory, settled, today)).toBe(settled);
    const noBirthDate = { name: 'Ada' };
    expect(withComputedHiddenFields(sampleLifeInventory, noBirthDate, today)).toBe(noBirthDate);
  });

  it('computes only hidden fields the template has', () => {
    const withoutAge: FormTemplate = {
      ...sampleLifeInventory,
      steps: [{ stepTitle: 'You', fields: [{ id: 'dateOfBirth', label: 'Born', type: 'date' }] }],
    };
    const typedAge: FormTemplate = {
      ...sampleLifeInventory,
      steps: [{ stepTitle: 'You', fields: [{ id: 'age', label: 'Age', type: 'number' }] }],
    };
    const answers = { dateOfBirth: '1980-12-10', age: 12 };
    expect(withComputedHiddenFields(withoutAge, { dateOfBirth: '1980-12-10' }, today)).toEqual({
      dateOfBirth: '1980-12-10',
    });
    expect(withComputedHiddenFields(typedAge, answers, today)).toBe(answers);
  });
});
