import { describe, expect, it } from 'vitest';
import { passwordResetMail, verificationMail } from './account-mails.ts';

const site = { productName: 'Life <Record>', homeUrl: 'https://app.example' };
const to = { name: '<script>alert(1)</script> Ada', email: 'ada@example.test' };
const link = 'https://app.example/oidc/account/verify?token=abc&x=1';

describe.each([
  ['verification', verificationMail, /Verify your e-mail address for Life <Record>/, /valid for 24 hours/],
  ['password reset', passwordResetMail, /Reset your Life <Record> password/, /valid for 1 hour/],
])('the %s mail', (_name, build, subject, validity) => {
  const mail = build(site, to, link);

  it('names the product, goes to the account, and says how long the link works', () => {
    expect(mail.to).toBe('ada@example.test');
    expect(mail.subject).toMatch(subject);
    expect(mail.text).toMatch(validity);
    expect(mail.text).toContain(`\n${link}\n`);
  });

  it('escapes every value in its HTML part', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; Ada');
    expect(mail.html).toContain('Life &#60;Record&#62;');
    expect(mail.html).toContain('href="https://app.example/oidc/account/verify?token=abc&#38;x=1"');
  });
});
