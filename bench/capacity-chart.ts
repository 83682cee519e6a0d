import { KNEE_P99_MS } from './knee.ts';

export interface ChartSeries {
  label: string;
  points: { editors: number; saveP99: number; liveP99: number; errors: number }[];
  /** Editors at the knee, marked on the save panel. */
  knee: number | undefined;
}

const COLOURS = ['#1f5fa8', '#c2410c', '#15803d', '#7e22ce', '#a16207', '#0f766e'];
const PANEL = { width: 400, height: 260, top: 90, left: 70, gap: 90 };
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Issue 31 §4: the capacity curve as an SVG written by hand (no chart library): two panels, save
 * p99 and live-update p99 against editors, log-scaled milliseconds, one line per database and
 * server count. The 50 ms target is a dashed line, the knee a ring, and a level with errors a
 * hollow point (the table beside the chart has the counts).
 */
export function renderCapacityChart(title: string, series: readonly ChartSeries[]): string {
  const levels = [...new Set(series.flatMap((s) => s.points.map((p) => p.editors)))].sort((a, b) => a - b);
  const x = (editors: number) => {
    const i = levels.indexOf(editors);
    return levels.length <= 1 ? PANEL.width / 2 : 20 + (i * (PANEL.width - 40)) / (levels.length - 1);
  };
  // Log scale from 1 ms to the decade above the slowest figure (10 s at least).
  const slowest = Math.max(
    10_000,
    ...series.flatMap((s) => s.points.flatMap((p) => [p.saveP99, p.liveP99])).filter((n) => !Number.isNaN(n)),
  );
  const [low, high] = [0, Math.ceil(Math.log10(slowest))];
  const decades = Array.from({ length: high - low + 1 }, (_, i) => 10 ** (low + i));
  const y = (ms: number) => {
    const clamped = Math.min(Math.max(ms, 10 ** low), 10 ** high);
    return PANEL.height - ((Math.log10(clamped) - low) / (high - low)) * PANEL.height;
  };
  const width = PANEL.left + 2 * PANEL.width + PANEL.gap + 40;
  const height = PANEL.top + PANEL.height + 60 + 22 * Math.ceil(series.length / 2);

  const panel = (index: number, heading: string, value: 'saveP99' | 'liveP99') => {
    const left = PANEL.left + index * (PANEL.width + PANEL.gap);
    const parts = [`<g transform="translate(${left} ${PANEL.top})" data-panel="${value}">`];
    parts.push(
      `<text x="${PANEL.width / 2}" y="-14" text-anchor="middle" font-weight="bold">${escapeXml(heading)}</text>`,
    );
    parts.push(`<rect width="${PANEL.width}" height="${PANEL.height}" fill="none" stroke="#888"/>`);
    for (const ms of decades) {
      const label = ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
      parts.push(
        `<line x1="0" x2="${PANEL.width}" y1="${round(y(ms))}" y2="${round(y(ms))}" stroke="#ddd"/>`,
      );
      parts.push(`<text x="-6" y="${round(y(ms)) + 4}" text-anchor="end">${label}</text>`);
    }
    for (const editors of levels)
      parts.push(
        `<text x="${round(x(editors))}" y="${PANEL.height + 18}" text-anchor="middle">${editors}</text>`,
      );
    parts.push(`<text x="${PANEL.width / 2}" y="${PANEL.height + 38}" text-anchor="middle">editors</text>`);
    if (value === 'saveP99') {
      const target = round(y(KNEE_P99_MS));
      parts.push(
        `<line x1="0" x2="${PANEL.width}" y1="${target}" y2="${target}" stroke="#b91c1c" stroke-dasharray="6 4" data-target="${KNEE_P99_MS}"/>`,
      );
      parts.push(
        `<text x="${PANEL.width - 4}" y="${target - 5}" text-anchor="end" fill="#b91c1c">target ${KNEE_P99_MS} ms</text>`,
      );
    }
    series.forEach((s, i) => {
      const colour = COLOURS[i % COLOURS.length];
      const points = [...s.points]
        .sort((a, b) => a.editors - b.editors)
        .filter((p) => !Number.isNaN(p[value]));
      if (points.length > 1)
        parts.push(
          `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${points.map((p) => `${round(x(p.editors))},${round(y(p[value]))}`).join(' ')}"/>`,
        );
      for (const p of points) {
        const [cx, cy] = [round(x(p.editors)), round(y(p[value]))];
        const fill = p.errors > 0 ? '#fff' : colour;
        parts.push(
          `<circle cx="${cx}" cy="${cy}" r="4" fill="${fill}" stroke="${colour}" stroke-width="2" data-series="${escapeXml(s.label)}" data-editors="${p.editors}" data-ms="${round(p[value])}" data-errors="${p.errors}"/>`,
        );
        if (value === 'saveP99' && p.editors === s.knee)
          parts.push(
            `<circle cx="${cx}" cy="${cy}" r="9" fill="none" stroke="${colour}" stroke-width="1.5" data-knee="${escapeXml(s.label)}"/>`,
          );
      }
    });
    parts.push('</g>');
    return parts.join('\n');
  };

  const legend = series.map((s, i) => {
    const lx = PANEL.left + (i % 2) * (PANEL.width + PANEL.gap);
    const ly = PANEL.top + PANEL.height + 62 + 22 * Math.floor(i / 2);
    const colour = COLOURS[i % COLOURS.length];
    const knee = s.knee === undefined ? 'no knee up to the last level' : `knee at ${s.knee} editors`;
    return `<line x1="${lx}" x2="${lx + 24}" y1="${ly - 4}" y2="${ly - 4}" stroke="${colour}" stroke-width="2"/><text x="${lx + 30}" y="${ly}">${escapeXml(`${s.label} (${knee})`)}</text>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12" role="img">`,
    // A title and description for screen readers (and Biome's a11y rule).
    `<title>${escapeXml(title)}</title>`,
    `<desc>${escapeXml(series.map((s) => `${s.label}: save p99 ${s.points.map((p) => `${p.editors} editors ${Math.round(p.saveP99)} ms`).join(', ')}`).join('; '))}</desc>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${PANEL.left}" y="24" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
    `<text x="${PANEL.left}" y="44" fill="#444">p99, log scale. Ring: the knee (first level over ${KNEE_P99_MS} ms or with errors). Hollow point: errors at that level.</text>`,
    panel(0, 'Save p99', 'saveP99'),
    panel(1, 'Live update p99 (save → the other subscriber)', 'liveP99'),
    ...legend,
    '</svg>',
    '',
  ].join('\n');
}
