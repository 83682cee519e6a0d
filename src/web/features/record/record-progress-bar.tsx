import { progressBand, progressBandWords } from '#domain/record-progress.ts';

/** customer-app §2/§4: the progress bar "N% Completed", coloured by the spec's bands. */
export function RecordProgressBar({ percent }: { percent: number }) {
  const band = progressBand(percent);
  return (
    <div className="record-progress">
      <div
        className="record-progress__track"
        role="progressbar"
        aria-label="Record progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% Completed`}
      >
        <div
          className={`record-progress__fill record-progress__fill--${band}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="record-progress__text" data-band={band}>
        {percent}% Completed
        <span className="record-progress__band"> · {progressBandWords(percent)}</span>
      </p>
    </div>
  );
}
