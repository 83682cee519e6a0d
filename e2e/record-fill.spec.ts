import { lifeInventoryForm } from '../src/domain/life-inventory.ts';
import { recordProgress, stepCompletion } from '../src/domain/record-progress.ts';
import {
  type AnswerValue,
  answer,
  expectAnswer,
  fieldLocator,
  goToSection,
  passContentNote,
  sectionOptions,
} from './support/record-form-driver.ts';
import { expectOnServer, idTokenOf } from './support/record-session.ts';
import { expect, test } from './support/test-fixtures.ts';

const form = lifeInventoryForm;

// Every section of the Life Inventory, with its conditional follow-ups and the siblings table.
const answersBySection: Array<Array<[string, AnswerValue]>> = [
  [
    ['name', 'Ada Lovelace'],
    ['dateOfBirth', '1980-12-10'],
  ],
  [
    ['gender', 'Woman'],
    ['height', '5 ft 7 in'],
    ['weight', '140 lb'],
    ['hairColor', 'Brown'],
    ['eyeColor', 'Hazel'],
  ],
  [['assistiveDevices', ['Glasses', 'Cane']]],
  [
    ['cityOfBirth', 'London'],
    ['stateOfBirth', 'Middlesex'],
    ['longestLivedLocation', 'Surrey'],
  ],
  [
    ['fullBrothers', '1'],
    ['halfBrothers', '0'],
    ['stepBrothers', '0'],
    ['fullSisters', '2'],
    ['halfSisters', '0'],
    ['stepSisters', '1'],
    ['siblingList__0__siblingName', 'Bo'],
    ['siblingList__0__relation', 'Full'],
    ['siblingList__0__stillInContact', 'Yes'],
  ],
  [
    ['yearsWithFather', '18'],
    ['yearsWithMother', '17'],
    ['otherCaretakers', ['Grandmother', 'Other']],
    ['otherCaretakerDetails', 'A neighbour'],
  ],
  [
    ['parentsSeparated', 'Yes'],
    ['ageAtSeparation', '9'],
    ['livingArrangementAfterSeparation', 'With my mother and grandmother'],
    ['ageLeftHome', '18'],
    ['childhoodExperiences', ['Neglect']],
    ['childhoodExperienceDetails', 'Some of it I remember well.'],
    ['experiencesStillBother', 'Yes'],
    ['experiencesStillBotherDetails', 'Sometimes, at night.'],
  ],
];

// The follow-ups (customer-app §4) and the table cells that appear only once their controller is set.
const appearsAfter: Record<string, string> = {
  otherCaretakerDetails: 'otherCaretakers',
  ageAtSeparation: 'parentsSeparated',
  livingArrangementAfterSeparation: 'parentsSeparated',
  childhoodExperienceDetails: 'childhoodExperiences',
  experiencesStillBother: 'childhoodExperiences',
  experiencesStillBotherDetails: 'experiencesStillBother',
  siblingList__0__relation: 'siblingList__0__siblingName',
  siblingList__0__stillInContact: 'siblingList__0__siblingName',
};

test('a person fills every section; progress and check marks follow the rules; a reload keeps every answer', async ({
  page,
  recordOwner: owner,
}, testInfo) => {
  test.setTimeout(180_000);
  const given: Record<string, unknown> = {};

  for (const [index, section] of answersBySection.entries()) {
    await expect(page.getByRole('heading', { level: 2, name: form.steps[index]?.stepTitle })).toBeVisible();
    await passContentNote(page);
    for (const [key, value] of section) {
      const followers = Object.keys(appearsAfter).filter((follower) => appearsAfter[follower] === key);
      for (const follower of followers) await expect(fieldLocator(page, form, follower)).toHaveCount(0);
      await answer(page, form, key, value);
      for (const follower of followers) await expect(fieldLocator(page, form, follower)).toBeVisible();
      given[key] = value;
      // customer-app §5: only visible required fields count.
      await expect(page.getByText(`${recordProgress(form, given).percent}% Completed`)).toBeVisible();
    }
    // customer-app §5: a section's check mark needs every visible field of the step filled.
    const complete = stepCompletion(form, given);
    expect(await sectionOptions(page)).toEqual(
      form.steps.map(
        (step, at) => `Section ${at + 1}: ${step.stepTitle}${complete[at] ? '✓ (complete)' : ''}`,
      ),
    );
    await page.screenshot({ path: testInfo.outputPath(`section-${index + 1}.png`), fullPage: true });
    if (index < answersBySection.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page.getByText('100% Completed')).toBeVisible();

  const token = await idTokenOf(page);
  await expectOnServer(token, owner.recordId, { ...given, age: expect.any(Number) });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Life Inventory' })).toBeVisible();
  // The record opens where the person left it (customer-app §3 currentStep).
  await expect(page.getByRole('heading', { level: 2, name: 'Family of Origin - Separation' })).toBeVisible();
  await expect(page.getByText('100% Completed')).toBeVisible();
  for (const [index, section] of answersBySection.entries()) {
    await goToSection(page, form.steps[index]?.stepTitle ?? '');
    for (const [key, value] of section) await expectAnswer(page, form, key, value);
  }
});

test('a visitor who is not signed in is told so on the record route (customer-app §7, §8)', async ({
  page,
}) => {
  await page.goto('/#/record/8f0c2b1e-0000-4000-8000-000000000001');
  await expect(
    page.getByRole('main').getByText('Error: Failed to retrieve JWT token. User is not authenticated.'),
  ).toBeVisible();
});
