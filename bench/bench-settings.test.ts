import { describe, expect, it } from 'vitest';
import { PARTS, parseBenchSettings } from './bench-settings.ts';

describe('parseBenchSettings', () => {
  it('runs every part with the issues’ targets by default', () => {
    const settings = parseBenchSettings({});
    expect(settings.parts).toEqual([...PARTS]);
    expect(settings.editors).toBe(500);
    expect(settings.perRecord).toBe(2);
    expect(settings.connections).toBe(100);
    expect(settings.curve).toEqual({
      levels: [250, 500, 1000, 2000],
      warmupS: 10,
      durationS: 30,
      short: false,
    });
    expect(settings.scaleOutServers).toEqual([2, 3]);
    expect(settings.beforeAfter).toBeUndefined();
  });

  it('runs the parts asked for, from the command line or the environment', () => {
    expect(parseBenchSettings({}, ['--parts', 'capacity,scale-out']).parts).toEqual([
      'capacity',
      'scale-out',
    ]);
    expect(parseBenchSettings({ BENCH_PARTS: 'editors' }).parts).toEqual(['editors']);
    const settings = parseBenchSettings({ BENCH_ADMIN_LISTS: '0' });
    expect(settings.parts).not.toContain('admin-lists');
    expect(settings.skipped).toContainEqual({ part: 'admin-lists', because: 'BENCH_ADMIN_LISTS=0' });
  });

  it('has a short curve', () => {
    expect(parseBenchSettings({}, ['--short']).curve).toMatchObject({
      warmupS: 5,
      durationS: 10,
      short: true,
    });
    expect(parseBenchSettings({ BENCH_CURVE: 'short', BENCH_CURVE_LEVELS: '100,200' }).curve).toMatchObject({
      levels: [100, 200],
      short: true,
    });
  });

  it('reads the before/after mode', () => {
    expect(
      parseBenchSettings({}, ['--before', 'main~5', '--after=HEAD', '--rounds', '4']).beforeAfter,
    ).toEqual({
      before: 'main~5',
      after: 'HEAD',
      rounds: 4,
    });
    expect(parseBenchSettings({ BENCH_BEFORE: 'abc123' }).beforeAfter).toEqual({
      before: 'abc123',
      after: undefined,
      rounds: 3,
    });
  });

  it.each([
    { env: { BENCH_EDITORS: 'many' }, argv: [], message: 'BENCH_EDITORS must be a whole number' },
    { env: { BENCH_EDITORS_PER_RECORD: '3' }, argv: [], message: 'must be 1 or 2' },
    { env: { BENCH_ONLY: 'mysql' }, argv: [], message: 'BENCH_ONLY must be pglite or postgres' },
    { env: {}, argv: ['--parts', 'everything'], message: 'Unknown part "everything"' },
    { env: {}, argv: ['--after', 'HEAD'], message: '--after needs --before' },
    { env: {}, argv: ['--fast'], message: 'Unknown option --fast' },
    { env: {}, argv: ['capacity'], message: 'Unexpected argument "capacity"' },
    { env: { BENCH_CURVE_LEVELS: '250,x' }, argv: [], message: 'BENCH_CURVE_LEVELS must be a whole number' },
  ])('refuses $env $argv', ({ env, argv, message }) => {
    expect(() => parseBenchSettings(env, argv)).toThrow(message);
  });
});
