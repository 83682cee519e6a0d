import { describe, expect, it } from 'vitest';
import { startRoutePath } from './start-up-preload.ts';

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
