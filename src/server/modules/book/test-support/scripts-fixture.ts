import type { FormTemplate } from '#domain/form-template.ts';

/**
 * A record whose answers are in Chinese, Korean, Arabic, Hebrew and accented Latin (and mix them), for the
 * book's fonts per script (issue 42 §2): each paragraph must come back out of the PDF as typed.
 */
export const SCRIPTS_FORM: FormTemplate = {
  formId: 'scripts',
  formTitle: 'Scripts',
  steps: [
    {
      stepTitle: 'Family 家族',
      fields: [
        { id: 'name', label: 'What is your name?', type: 'text' },
        { id: 'story', label: 'Where did your family come from?', type: 'textarea' },
        {
          id: 'relatives',
          label: 'Your grandparents',
          type: 'table',
          rows: [0, 1].map((row) => ({
            id: `g${row}`,
            label: `Grandparent ${row + 1}`,
            fields: [{ id: 'name', label: 'Name', type: 'text' }],
          })),
        },
      ],
    },
  ],
};

export const SCRIPT_PARAGRAPHS = {
  chinese: '我出生在北京，后来搬到上海。',
  arabic: 'كانت جدتي تقول الصبر مفتاح الفرج',
  hebrew: 'סבתא שלי נולדה בחיפה ב-1931',
  korean: '할머니는 부산에서 태어나셨다.',
  latin: 'Zoë Ångström-Ñúñez visited Θεσσαλονίκη and Москва.',
  mixed: 'My grandmother Sarah was called שרה at home and lived near 東京 for a year.',
} as const;

export const SCRIPTS_DATA: Record<string, unknown> = {
  currentStep: 0,
  name: '王小明',
  story: Object.values(SCRIPT_PARAGRAPHS).join('\n'),
  relatives__0__name: 'فاطمة',
  relatives__1__name: 'דוד',
};
