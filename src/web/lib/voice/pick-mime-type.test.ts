import { describe, expect, it } from 'vitest';
import { pickMimeType } from './voice-recorder.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const all = () => true;
const only =
  (...types: string[]) =>
  (type: string) =>
    types.includes(type);

describe('the recording format (issue 41 §1: Opus in WebM or Ogg; AAC in MP4 on Safari)', () => {
  it.each<[string, string, (type: string) => boolean, string | null]>([
    ['Chrome', CHROME, all, 'audio/webm;codecs=opus'],
    ['Firefox without WebM', FIREFOX, only('audio/ogg;codecs=opus'), 'audio/ogg;codecs=opus'],
    ['Safari, which claims WebM too', SAFARI, all, 'audio/mp4;codecs=mp4a.40.2'],
    ['Safari with plain MP4 only', SAFARI, only('audio/mp4', 'audio/webm;codecs=opus'), 'audio/mp4'],
    ['a browser with no format we keep', CHROME, () => false, null],
  ])('%s', (_name, agent, supported, expected) => expect(pickMimeType(supported, agent)).toBe(expected));
});
