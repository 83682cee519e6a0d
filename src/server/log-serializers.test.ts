import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-serializers.ts';

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
