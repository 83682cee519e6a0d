import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, testConfig } from '#web/test-support/fake-identity-provider.ts';
import { loadClientConfig, parseClientConfig } from './client-config.ts';

afterEach(() => {
  document.getElementById('app-config')?.remove();
});

describe('loadClientConfig', () => {
  it('reads the configuration the server embedded in the page', async () => {
    const script = document.createElement('script');
    script.id = 'app-config';
    script.type = 'application/json';
    script.textContent = JSON.stringify({ ...testConfig, mailboxUrl: '/mailbox' });
    document.head.append(script);
    const config = await loadClientConfig(document, async () => {
      throw new Error('must not fetch');
    });
    expect(config).toEqual({ ...testConfig, mailboxUrl: '/mailbox' });
  });

  it('falls back to GET /api/client-config (the Vite dev server)', async () => {
    const urls: string[] = [];
    const config = await loadClientConfig(document, async (url) => {
      urls.push(String(url));
      return jsonResponse(testConfig);
    });
    expect(urls).toEqual(['/api/client-config']);
    expect(config.productName).toBe('Life Record');
  });

  it('refuses an incomplete configuration', () => {
    expect(() => parseClientConfig({ productName: 'X' })).toThrow(/productName and oidc are required/);
  });

  it('never sends Leave quickly to a page of this app or a script, whatever it is given (issue 28 §5)', () => {
    for (const quickExitUrl of ['javascript:alert(1)', '/#/home', undefined]) {
      expect(parseClientConfig({ ...testConfig, quickExitUrl }).quickExitUrl).toBe(
        'https://www.bbc.co.uk/weather',
      );
    }
    const support = parseClientConfig({
      ...testConfig,
      supportLine: { text: 'Hi', phone: 1, url: 'javascript:x' },
    });
    expect(support.supportLine).toEqual({ text: 'Hi', phone: null, url: null });
  });
});
