import { describe, expect, it } from 'vitest';
import type { FormTemplate } from './form-template.ts';
import { nextUnansweredQuestion } from './next-unanswered-question.ts';
import { exportedRecordAnswers } from './personal-data.ts';
import { answeredOfRecordData, answersOfRecordData } from './record-form-data.ts';
import { recordProgress, stepCompletion } from './record-progress.ts';
import { prepareReportData } from './report-data.ts';
import {
  answerWithTranscript,
  formatDuration,
  hasRecording,
  recordingContainer,
  recordingKey,
  recordingsOf,
  spokenDuration,
} from './voice-answers.ts';

const recording = (overrides: Record<string, unknown> = {}) => ({
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  mimeType: 'audio/webm;codecs=opus',
  durationMs: 12_000,
  bytes: 48_000,
  recordedAt: '2026-11-30T10:00:00.000Z',
  transcript: { state: 'done', text: 'I grew up by the sea.' },
  ...overrides,
});

const form: FormTemplate = {
  formId: 'f',
  formTitle: 'F',
  steps: [
    {
      stepTitle: 'Childhood',
      fields: [
        { id: 'home', label: 'Where did you grow up?', type: 'textarea', required: true },
        { id: 'school', label: 'Your school', type: 'text', required: true },
      ],
    },
  ],
};

describe('a recording answers its question (issue 41 §7)', () => {
  it.each<[string, Record<string, unknown>, number, boolean]>([
    ['nothing', {}, 0, false],
    ['typed', { home: 'By the sea', school: 'St Mary' }, 100, true],
    ['spoken only', { [recordingKey('home')]: recording(), school: 'St Mary' }, 100, true],
    [
      'spoken, transcript still running',
      { [recordingKey('home')]: recording({ transcript: { state: 'running' } }) },
      50,
      false,
    ],
    ['a deleted recording (null) is no answer', { [recordingKey('home')]: null }, 0, false],
    ['a malformed descriptor is no answer', { [recordingKey('home')]: { id: 'x' } }, 0, false],
    [
      'a recording of another key answers nothing here',
      { [recordingKey('elsewhere')]: recording() },
      0,
      false,
    ],
  ])('%s', (_name, answers, percent, complete) => {
    expect(recordProgress(form, answers).percent).toBe(percent);
    expect(stepCompletion(form, answers)).toEqual([complete]);
    expect(hasRecording(answers, 'home')).toBe(Object.hasOwn(answers, recordingKey('home')) && percent > 0);
  });

  it('is never report material or AI input; only the typed answer (an accepted transcript) is', () => {
    const data = {
      home: 'By the sea',
      [recordingKey('home')]: recording(),
      [recordingKey('school')]: recording(),
    };
    expect(prepareReportData(data)).toEqual({ home: 'By the sea' });
  });

  it('counts from stored record data (the screen, reminders), though the descriptor is bookkeeping', () => {
    // The record screen and the reminders read stored data, not an answer map: a question answered
    // only by voice showed 0% and an open section before answeredOfRecordData kept the descriptor.
    const data = { currentStep: 0, [recordingKey('home')]: recording(), school: 'St Mary' };
    expect(answersOfRecordData(data)).toEqual({ school: 'St Mary' });
    expect(recordProgress(form, answeredOfRecordData(data)).percent).toBe(100);
    expect(stepCompletion(form, answeredOfRecordData(data))).toEqual([true]);
    expect(
      nextUnansweredQuestion(form, answeredOfRecordData({ [recordingKey('home')]: recording() })),
    ).toMatchObject({
      label: 'Your school',
    });
    expect(answeredOfRecordData([])).toEqual({});
  });

  it('is not listed as an answer no question asks (Download my data lists recordings apart)', () => {
    const exported = exportedRecordAnswers(form, { home: 'x', [recordingKey('home')]: recording() });
    expect(exported.answersNoLongerAsked).toEqual({});
    expect(exported.answers.map((answer) => answer.key)).toEqual(['home']);
  });

  it('finds every recording of a record by answer key', () => {
    const found = recordingsOf({ a: 'x', [recordingKey('a')]: recording(), [recordingKey('b')]: null });
    expect([...found.keys()]).toEqual(['a']);
  });
});

describe('"Use this transcript" never overwrites typed text (issue 41 §5)', () => {
  it.each<[string, unknown, string, string]>([
    ['empty answer', '', 'Spoken words.', 'Spoken words.'],
    ['no answer', undefined, ' Spoken words. ', 'Spoken words.'],
    ['blank answer', '   ', 'Spoken words.', 'Spoken words.'],
    ['typed text stays first', 'Typed.', 'Spoken words.', 'Typed.\n\nSpoken words.'],
    ['trailing space of the typed text', 'Typed.  \n', 'Spoken.', 'Typed.\n\nSpoken.'],
    ['used twice adds nothing', 'Typed.\n\nSpoken.', 'Spoken.', 'Typed.\n\nSpoken.'],
    ['a declined mark is not text', { declined: true }, 'Spoken.', 'Spoken.'],
  ])('%s', (_name, typed, transcript, expected) => {
    expect(answerWithTranscript(typed, transcript)).toBe(expected);
  });

  it('joins with a space on a one-line question (a text input keeps no line breaks)', () => {
    expect(answerWithTranscript('Ada', 'Spoken\nwords.', false)).toBe('Ada Spoken words.');
    expect(answerWithTranscript('', ' Spoken\nwords. ', false)).toBe('Spoken words.');
  });
});

describe('formats and durations', () => {
  it.each<[string, string | null]>([
    ['audio/webm;codecs=opus', 'audio/webm'],
    ['audio/ogg; codecs=opus', 'audio/ogg'],
    ['audio/mp4', 'audio/mp4'],
    ['AUDIO/MP4;codecs=mp4a.40.2', 'audio/mp4'],
    ['video/webm', null],
    ['text/html', null],
    ['', null],
  ])('%s → %s', (mime, container) => expect(recordingContainer(mime)).toBe(container));

  it.each<[number, string, string]>([
    [0, '0:00', '0 seconds'],
    [999, '0:00', '0 seconds'],
    [1_000, '0:01', '1 second'],
    [187_000, '3:07', '3 minutes 7 seconds'],
    [60_000, '1:00', '1 minute'],
    [3_723_000, '1:02:03', '62 minutes 3 seconds'],
  ])('%i ms', (ms, shown, spoken) => {
    expect(formatDuration(ms)).toBe(shown);
    expect(spokenDuration(ms)).toBe(spoken);
  });
});
