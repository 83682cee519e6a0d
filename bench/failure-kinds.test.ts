import { describe, expect, it } from 'vitest';
import { classifyFailure, FailureCounts, isSocketFailure } from './failure-kinds.ts';

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('classifyFailure', () => {
  it.each([
    {
      what: 'fetch reset',
      error: new TypeError('fetch failed', { cause: withCode('ECONNRESET') }),
      kind: 'connection reset',
    },
    {
      what: 'fetch refused',
      error: new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') }),
      kind: 'connection refused',
    },
    {
      what: 'undici socket closed',
      error: new TypeError('fetch failed', { cause: withCode('UND_ERR_SOCKET') }),
      kind: 'connection closed',
    },
    {
      what: 'AbortSignal.timeout',
      error: new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      kind: 'time-out',
    },
    {
      what: 'connect time-out',
      error: new TypeError('fetch failed', { cause: withCode('UND_ERR_CONNECT_TIMEOUT') }),
      kind: 'time-out',
    },
    // ws hands graphql-ws an ErrorEvent whose `error` is the socket's error.
    {
      what: 'ws ErrorEvent reset',
      error: { type: 'error', message: 'read ECONNRESET', error: withCode('ECONNRESET') },
      kind: 'connection reset',
    },
    {
      what: 'ws ErrorEvent refused',
      error: { type: 'error', message: 'connect ECONNREFUSED', error: withCode('ECONNREFUSED') },
      kind: 'connection refused',
    },
    { what: 'out of ports', error: withCode('EADDRNOTAVAIL'), kind: 'out of local ports' },
    { what: 'unknown code', error: withCode('EWHATEVER'), kind: 'other (EWHATEVER)' },
    {
      what: 'abnormal close',
      error: { code: 1006, reason: '', wasClean: false },
      kind: 'connection lost (1006)',
    },
    {
      what: 'no acknowledgement',
      error: { code: 4504, reason: 'Connection acknowledgement timeout' },
      kind: 'time-out (no acknowledgement, 4504)',
    },
    { what: 'other close', error: { code: 4321, reason: 'odd' }, kind: 'closed (4321)' },
    {
      what: 'GraphQL errors',
      error: [{ message: 'No.', extensions: { code: 'FORBIDDEN' } }],
      kind: 'GraphQL FORBIDDEN',
    },
    { what: 'GraphQL errors without code', error: [{ message: 'No.' }], kind: 'GraphQL error' },
    { what: 'socket hang up', error: new Error('socket hang up'), kind: 'connection closed' },
    // ws's handshake time-out and a refused upgrade: errors without a code, in an ErrorEvent.
    {
      what: 'handshake time-out',
      error: { type: 'error', error: new Error('Opening handshake has timed out') },
      kind: 'time-out (WebSocket handshake)',
    },
    {
      what: 'upgrade refused',
      error: { type: 'error', message: 'Unexpected server response: 503' },
      kind: 'HTTP 503 on WebSocket upgrade',
    },
    { what: 'anything else', error: new RangeError('odd'), kind: 'other: odd' },
    { what: 'nothing said', error: new RangeError(), kind: 'other (RangeError)' },
    { what: 'not an error', error: 'text', kind: 'other (string)' },
  ])('$what → $kind', ({ error, kind }) => {
    expect(classifyFailure(error)).toBe(kind);
  });
});

describe('FailureCounts', () => {
  it('counts by channel and kind, most frequent first', () => {
    const counts = new FailureCounts();
    counts.add('save', 'time-out');
    counts.add('websocket', 'connection reset', 3);
    counts.add('save', 'time-out');
    expect(counts.total).toBe(5);
    expect(Object.entries(counts.toRecord())).toEqual([
      ['websocket: connection reset', 3],
      ['save: time-out', 2],
    ]);
  });
});

it.each([
  { what: 'a ws ErrorEvent', error: { type: 'error', error: new Error('read ECONNRESET') }, socket: true },
  { what: 'a close event', error: { code: 1006, reason: '' }, socket: true },
  { what: 'GraphQL errors', error: [{ message: 'No.' }], socket: false },
  { what: 'an Error', error: new Error('odd'), socket: false },
])('isSocketFailure: $what → $socket', ({ error, socket }) => {
  expect(isSocketFailure(error)).toBe(socket);
});
