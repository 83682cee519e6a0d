import { expect, it } from 'vitest';
import { findKnee } from './knee.ts';

const point = (editors: number, saveP99: number, errors = 0) => ({ editors, saveP99, errors });

it.each([
  { what: 'every level held', points: [point(250, 10), point(500, 49.9)], knee: undefined },
  { what: 'p99 over 50 ms', points: [point(250, 10), point(500, 50.1), point(1000, 900)], knee: 500 },
  { what: 'exactly 50 ms holds', points: [point(250, 50), point(500, 51)], knee: 500 },
  { what: 'errors with a good p99', points: [point(250, 12, 1), point(500, 20)], knee: 250 },
  { what: 'no saves at all', points: [point(250, 5), point(500, Number.NaN, 400)], knee: 500 },
  { what: 'levels out of order', points: [point(2000, 800), point(1000, 70), point(250, 5)], knee: 1000 },
  { what: 'no levels', points: [], knee: undefined },
])('$what → knee at $knee', ({ points, knee }) => {
  expect(findKnee(points)).toBe(knee);
});
