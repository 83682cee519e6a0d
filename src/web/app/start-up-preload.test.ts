import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSignedInUser, testConfig } from '#web/test-support/fake-identity-provider.ts';
import { startRecordVisitEarly, startRoutePath } from './start-up-preload.ts';

describe('startRoutePath', () => {
  it.each([
    ['', '/'],
    ['#', '/'],
    ['#/', '/'],
    ['#/record/abc', '/record/abc'],
    ['#/record/abc?tab=1', '/record/abc'],
    ['#/admin?tab=users&q=ada', '/admin'],
    ['#record/abc', '/record/abc'],
  ])('%j → %j', (hash, path) => {
    expect(startRoutePath(hash)).toBe(path);
  });
});

// Issue 15 §2: a visit straight to a record sends its query while the entry is still being
// evaluated, so the request must leave in the very call, not in a later microtask.
describe('startRecordVisitEarly', () => {
  const sent: { url: string; body: string; authorization: string | null }[] = [];

  function pageWithConfig(): Document {
    const doc = document.implementation.createHTMLDocument('test');
    const config = doc.createElement('script');
    config.id = 'app-config';
    config.type = 'application/json';
    config.textContent = JSON.stringify(testConfig);
    doc.body.append(config);
    return doc;
  }

  function startAt(hash: string, doc = pageWithConfig()) {
    sent.length = 0;
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      sent.push({
        url: String(url),
        body: String(init.body),
        authorization: new Headers(init.headers).get('authorization'),
      });
      return new Promise<Response>(() => {}); // never answered: only the sending is under test
    });
    void startRecordVisitEarly(hash, { doc, storage: sessionStorage, now: Date.now });
    return [...sent]; // what had left before the call returned
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('sends the record query, with the stored ID token, before it returns', () => {
    const token = storeSignedInUser({ sub: 'owner-1' });
    const requests = startAt('#/record/rec%201');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/graphql');
    expect(requests[0]?.authorization).toBe(`Bearer ${token}`);
    const body = JSON.parse(requests[0]?.body ?? '{}');
    expect(body.query).toContain('query RecordScreen');
    expect(body.variables).toEqual({ id: 'rec 1' });
  });

  it('leaves a token about to expire to the session (renewed first), and nobody signed in alone', () => {
    storeSignedInUser({ expiresIn: 5 });
    expect(startAt('#/record/abc')).toEqual([]);
    sessionStorage.clear();
    expect(startAt('#/record/abc')).toEqual([]);
  });

  it('asks for nothing on other pages, or without the configuration in the page (dev server)', () => {
    storeSignedInUser();
    expect(startAt('#/')).toEqual([]);
    expect(startAt('#/record/abc/extra')).toEqual([]);
    expect(startAt('#/record/abc', document.implementation.createHTMLDocument('dev'))).toEqual([]);
  });
});
