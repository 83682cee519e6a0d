// The peer of the record screen in `npm run bench` (issue 15): SurveyJS's React UI rendering the same
// generated form, fetched over the network like our record, saving changed answers after a 400 ms
// pause like our autosave. Bench-only: never part of the app's build.
import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import 'survey-core/survey-core.min.css';
import { Survey } from 'survey-react-ui';

const SAVE_DEBOUNCE_MS = 400;

async function start() {
  const json = await (await fetch('/survey.json')).json();
  const survey = new Model(json);
  let changed: Record<string, unknown> = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  survey.onValueChanged.add((_sender, options) => {
    changed[options.name] = options.value;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const answers = changed;
      changed = {};
      void fetch('/save', { method: 'POST', body: JSON.stringify(answers) });
    }, SAVE_DEBOUNCE_MS);
  });
  const container = document.getElementById('root');
  if (container) createRoot(container).render(<Survey model={survey} />);
}

void start();
