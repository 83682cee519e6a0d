import { describe, expect, it } from 'vitest';
import { keyPressLatencies } from './presented-latency.ts';

// Shaped as Chromium writes EventLatency: nested async begin/end pairs that share an id, ids used
// again by later events, the event's type on the begin only.
const begin = (id: string, ts: number, type: string, pid = 7) => ({
  name: 'EventLatency',
  ph: 'b',
  ts,
  pid,
  id2: { local: id },
  args: { event_latency: { event_type: type } },
});
const end = (id: string, ts: number, pid = 7) => ({
  name: 'EventLatency',
  ph: 'e',
  ts,
  pid,
  id2: { local: id },
});
const stage = (id: string, ph: 'b' | 'e', ts: number) => ({
  name: 'RendererMainProcessing',
  ph,
  ts,
  pid: 7,
  id2: { local: id },
});

describe('key presses to their frame’s presentation', () => {
  it('times each key press from its begin to its end, in milliseconds', () => {
    const trace = {
      traceEvents: [
        begin('0x1', 1_000, 'KEY_PRESSED'),
        stage('0x1', 'b', 1_200),
        stage('0x1', 'e', 3_000),
        end('0x1', 13_500),
        begin('0x2', 2_000, 'KEY_PRESSED'),
        end('0x2', 30_000),
      ],
    };
    expect(keyPressLatencies(trace)).toEqual([12.5, 28]);
  });

  it('leaves out key releases, mouse events and pairs without a begin', () => {
    const trace = [
      begin('0x1', 0, 'KEY_RELEASED'),
      end('0x1', 500),
      begin('0x2', 0, 'MOUSE_PRESSED'),
      end('0x2', 9_000),
      end('0x3', 4_000),
    ];
    expect(keyPressLatencies(trace)).toEqual([]);
  });

  it('pairs an id used again with its own begin, and keeps processes apart', () => {
    const trace = [
      begin('0x5', 0, 'KEY_PRESSED'),
      begin('0x5', 1_000, 'KEY_PRESSED', 8),
      end('0x5', 10_000),
      begin('0x5', 20_000, 'KEY_PRESSED'),
      end('0x5', 4_000, 8),
      end('0x5', 26_000),
    ];
    expect(keyPressLatencies(trace)).toEqual([3, 10, 6]);
  });
});
