import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/**
 * Issue 41: Chromium with a fake microphone fed from a WAV that espeak-ng speaks (a spec passes the
 * result to `test.use`). The microphone is allowed, as if the person had said yes.
 */
export function fakeMicrophone(words: string) {
  const wav = path.join(os.tmpdir(), `life-record-voice-${process.pid}.wav`);
  execFileSync('espeak-ng', ['-w', wav, '-s', '140', words]);
  return {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--autoplay-policy=no-user-gesture-required',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-audio-capture=${wav}`,
      ],
    },
    permissions: ['microphone'],
  };
}
