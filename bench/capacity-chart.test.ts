import { describe, expect, it } from 'vitest';
import { renderCapacityChart } from './capacity-chart.ts';

const series = [
  {
    label: 'PGlite, 1 server',
    knee: 1000,
    points: [
      { editors: 500, saveP99: 20, liveP99: 30, errors: 0 },
      { editors: 250, saveP99: 8, liveP99: 12, errors: 0 },
      { editors: 1000, saveP99: 900, liveP99: 2000, errors: 12 },
    ],
  },
  {
    label: 'PostgreSQL & <3>',
    knee: undefined,
    points: [{ editors: 250, saveP99: 5, liveP99: 9, errors: 0 }],
  },
];

/** [editors, ms, y, errors] of each save-panel point of a series. */
function savePoints(svg: string, label: string) {
  const panel = svg.split('data-panel="liveP99"')[0] ?? '';
  return [
    ...panel.matchAll(
      /<circle cx="([\d.]+)" cy="([\d.]+)" r="4"[^>]*data-series="([^"]*)" data-editors="(\d+)" data-ms="([\d.]+)" data-errors="(\d+)"/g,
    ),
  ]
    .filter((m) => m[3] === label)
    .map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      editors: Number(m[4]),
      ms: Number(m[5]),
      errors: Number(m[6]),
    }));
}

describe('renderCapacityChart', () => {
  const svg = renderCapacityChart('Capacity', series);

  it('is one SVG document with both panels', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('data-panel="saveP99"');
    expect(svg).toContain('data-panel="liveP99"');
    expect(svg.match(/<svg/g)).toHaveLength(1);
    expect(svg).toContain('<title>Capacity</title>');
    expect(svg).toContain(
      '<desc>PGlite, 1 server: save p99 500 editors 20 ms, 250 editors 8 ms, 1000 editors 900 ms;',
    );
  });

  it('places more editors to the right and a slower p99 higher up', () => {
    const points = savePoints(svg, 'PGlite, 1 server');
    expect(points.map((p) => p.editors)).toEqual([250, 500, 1000]);
    const [a, b, c] = points;
    expect(a && b && c && a.x < b.x && b.x < c.x).toBe(true);
    expect(a && b && c && a.y > b.y && b.y > c.y).toBe(true);
  });

  it('draws the 50 ms target between 20 ms and 900 ms, and rings the knee', () => {
    const target = Number(/y1="([\d.]+)"[^>]*data-target="50"/.exec(svg)?.[1]);
    const points = savePoints(svg, 'PGlite, 1 server');
    expect(target).toBeLessThan(points[1]?.y ?? 0);
    expect(target).toBeGreaterThan(points[2]?.y ?? Number.POSITIVE_INFINITY);
    expect(svg).toContain('data-knee="PGlite, 1 server"');
    expect(svg).toContain('knee at 1000 editors');
    expect(svg).toContain('no knee up to the last level');
  });

  it('shows a level with errors hollow, the others filled', () => {
    expect(svg).toMatch(/fill="#fff" stroke="#1f5fa8"[^>]*data-editors="1000"[^>]*data-errors="12"/);
    expect(svg).toMatch(/fill="#1f5fa8" stroke="#1f5fa8"[^>]*data-editors="500"[^>]*data-errors="0"/);
  });

  it('reaches up to the slowest figure', () => {
    const slow = renderCapacityChart('Slow', [
      { label: 'slow', knee: 250, points: [{ editors: 250, saveP99: 25_000, liveP99: 31_000, errors: 3 }] },
    ]);
    expect(slow).toContain('>100 s</text>');
    expect(renderCapacityChart('Capacity', series)).not.toContain('>100 s</text>');
  });

  it('escapes labels', () => {
    expect(svg).toContain('PostgreSQL &amp; &lt;3&gt;');
    expect(svg).not.toContain('& <3>');
  });
});
