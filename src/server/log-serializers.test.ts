import { describe, expect, it } from 'vitest';
import { errorLogSerializer, redactUrl } from './log-serializers.ts';

describe('redactUrl', () => {
  it.each([
    ['/healthz', '/healthz'],
    ['/oidc/account/verify?token=abc', '/oidc/account/verify?token=[redacted]'],
    [
      '/oidc/session/end?id_token_hint=eyJ.x.y&post_logout_redirect_uri=http%3A%2F%2Fa',
      '/oidc/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=http%3A%2F%2Fa',
    ],
    ['/?code=xyz&state=s', '/?code=[redacted]&state=s'],
    ['/oidc/auth?client_id=c&login_hint=a%40b.c', '/oidc/auth?client_id=c&login_hint=[redacted]'],
    ['/x?%E0%A4%A=1', '/x?%E0%A4%A=1'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('errorLogSerializer (issue 14 §8)', () => {
  it('never logs the context of a database error, which quotes the values', () => {
    const error = Object.assign(new Error('unsupported Unicode escape sequence'), {
      code: '22P05',
      severity: 'ERROR',
      where: 'JSON data, line 1: {"childhood": "my secret',
      detail: '\\u0000 cannot be converted to text.',
      hint: 'the answer was …',
      internalQuery: 'select …',
    });
    const logged = errorLogSerializer(error) as Record<string, unknown>;
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'unsupported Unicode escape sequence',
      code: '22P05',
    });
    expect(JSON.stringify(logged)).not.toContain('my secret');
    for (const field of ['where', 'detail', 'hint', 'internalQuery'])
      expect(logged).not.toHaveProperty(field);
  });

  it('follows causes the same way, and leaves other values alone', () => {
    const cause = Object.assign(new Error('inner'), { detail: 'Key (email)=(ada@example.com) exists.' });
    const logged = errorLogSerializer(new Error('outer', { cause })) as { cause: Record<string, unknown> };
    expect(logged.cause.message).toBe('inner');
    expect(logged.cause).not.toHaveProperty('detail');
    expect(errorLogSerializer('plain text')).toBe('plain text');
  });
});
