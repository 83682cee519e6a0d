import { describe, expect, it } from 'vitest';
import { organizationInputSchema } from './admin-inputs.ts';
import { supportLineToShow, telHref } from './support-line.ts';
import { supportLineInputSchema } from './support-line-input.ts';
import { isSupportPhone, isSupportUrl, SUPPORT_LINE_MESSAGES } from './support-line-rules.ts';

describe('support line inputs (issue 28 §6)', () => {
  it.each([
    ['+44 (0)20 7946 0000', true],
    ['0800-111-222', true],
    ['116 123', true],
    ['call us', false],
    ['+', false],
    ['1'.repeat(41), false],
  ])('phone %s → %s', (phone, valid) => {
    expect(isSupportPhone(phone)).toBe(valid);
  });

  it.each([
    ['https://example.org/help', true],
    ['http://example.org', true],
    ['javascript:alert(1)', false],
    ['example.org', false],
    ['https://exa mple.org', false],
    [`https://example.org/${'a'.repeat(500)}`, false],
  ])('link %s → %s', (url, valid) => {
    expect(isSupportUrl(url)).toBe(valid);
  });

  it.each([
    { input: { supportText: ' Call us ', supportPhone: '', supportUrl: null }, ok: true },
    { input: {}, ok: true },
    { input: { supportText: 'x'.repeat(301) }, ok: false, message: SUPPORT_LINE_MESSAGES.textTooLong },
    { input: { supportText: 'a\u0000b' }, ok: false, message: SUPPORT_LINE_MESSAGES.controlCharacter },
    // Issue 38 §5: invisible direction controls could disguise a link or number.
    {
      input: { supportText: 'Hi', supportUrl: 'https://example.org/\u202Egpj.exe' },
      ok: false,
      message: SUPPORT_LINE_MESSAGES.directionUrl,
    },
    {
      input: { supportText: 'Hi', supportUrl: '\u2066https://example.org\u2069' },
      ok: false,
      message: SUPPORT_LINE_MESSAGES.directionUrl,
    },
    {
      input: { supportText: 'Hi', supportPhone: '0800\u200F123' },
      ok: false,
      message: SUPPORT_LINE_MESSAGES.directionPhone,
    },
    { input: { supportText: 'Call \u202Bus' }, ok: false, message: SUPPORT_LINE_MESSAGES.directionText },
    { input: { supportText: 'اتصل بنا', supportUrl: 'https://example.org/مساعدة' }, ok: true },
    {
      input: { supportText: 'Hi', supportPhone: 'abc' },
      ok: false,
      message: SUPPORT_LINE_MESSAGES.phoneFormat,
    },
    {
      input: { supportText: 'Hi', supportUrl: 'ftp://x' },
      ok: false,
      message: SUPPORT_LINE_MESSAGES.urlFormat,
    },
    {
      input: { supportText: '', supportPhone: '116 123' },
      ok: false,
      message: SUPPORT_LINE_MESSAGES.textNeeded,
    },
  ])('$input → ok $ok', ({ input, ok, message }) => {
    const result = supportLineInputSchema.safeParse(input);
    expect(result.success).toBe(ok);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('trims, reads empty as null and keeps what was not sent', () => {
    expect(supportLineInputSchema.parse({ supportText: ' Call us ', supportPhone: ' ' })).toEqual({
      supportText: 'Call us',
      supportPhone: null,
      supportUrl: undefined,
    });
  });

  it('is part of the organization input', () => {
    const parsed = organizationInputSchema.safeParse({
      name: 'Acme',
      supportText: ' ',
      supportPhone: '116 123',
    });
    expect(parsed.error?.issues[0]?.message).toBe(SUPPORT_LINE_MESSAGES.textNeeded);
  });
});

describe('supportLineToShow', () => {
  const fallback = { text: 'Default', phone: '111', url: null };
  it.each([
    { organization: null, shown: fallback },
    { organization: { supportText: null, supportPhone: '222' }, shown: fallback },
    {
      organization: { supportText: 'Ours', supportPhone: '222', supportUrl: 'https://o.example' },
      shown: { text: 'Ours', phone: '222', url: 'https://o.example' },
    },
  ])('$organization → $shown', ({ organization, shown }) => {
    expect(supportLineToShow(organization, fallback)).toEqual(shown);
  });

  it('dials only digits and a leading plus', () => {
    expect(telHref('+44 (0)20 7946-0000')).toBe('tel:+440207946 0000'.replace(' ', ''));
  });
});
