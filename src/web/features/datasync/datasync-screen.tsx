import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { DECLINED_ANSWER_TEXT } from '#domain/declined-answer.ts';
import { declinedQuestions } from '#domain/declined-questions.ts';
import { answersOfRecordData } from '#domain/record-form-data.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useDatasyncForm, useDatasyncRecord } from './api/use-datasync.ts';
import { JsonPanel } from './json-panel.tsx';
import './datasync.css';

// admin-app §8: the datasync page's messages.
export const NO_FORM_DATA_MESSAGE = 'No form data found for this record.';
export const formFetchFailedMessage = (message: string) => `Error fetching form: ${message}`;

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const isEmpty = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'object' && Object.keys(value).length === 0);

/**
 * admin-app §2 Datasync page (admins only, guarded by the route): the record's stored form data on
 * the left, a chosen inventory type's form on the right, each as formatted JSON with a copy control.
 */
export function DatasyncScreen() {
  usePageTitle('Data sync');
  const { id = '' } = useParams();
  const record = useDatasyncRecord(id);
  const [chosenType, setChosenType] = useState<string | null>(null);
  const typeId = chosenType ?? record.data?.record?.inventoryType.id ?? null;
  const ownType = record.data?.record?.inventoryType.id;
  const ownVersion = typeId === ownType ? (record.data?.record?.formVersion ?? null) : null;
  const form = useDatasyncForm(typeId, ownVersion);
  // Issue 44 §5: the record's own form names its declined answers, whichever type is shown beside it.
  const ownForm = useDatasyncForm(ownType ?? null, record.data?.record?.formVersion ?? null);
  const selectId = useId();
  const data = record.data?.record?.data;

  return (
    <div className="page datasync">
      <h1>Data sync</h1>
      {record.isPending ? (
        <Spinner label="Loading the record..." showLabel />
      ) : record.isError ? (
        <Alert tone="error">{formFetchFailedMessage(record.error.message)}</Alert>
      ) : (
        <div className="datasync__panels">
          <JsonPanel
            title="Record data"
            json={isEmpty(data) ? null : pretty(data)}
            controls={<DeclinedNote data={data} form={ownForm.data?.form ?? null} />}
          >
            {isEmpty(data) ? <p className="datasync__empty">{NO_FORM_DATA_MESSAGE}</p> : undefined}
          </JsonPanel>
          <JsonPanel
            title="Inventory type form"
            json={form.data ? pretty(form.data.form) : null}
            controls={
              <div className="datasync__select">
                <label htmlFor={selectId}>Inventory type</label>
                <select
                  id={selectId}
                  value={typeId ?? ''}
                  onChange={(event) => setChosenType(event.target.value)}
                >
                  {(record.data?.inventoryTypes ?? []).map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.name}
                    </option>
                  ))}
                </select>
                {ownVersion === null ? null : (
                  <span className="datasync__version">{`Version ${ownVersion}, the one this record is answered against`}</span>
                )}
              </div>
            }
          >
            {form.isPending ? (
              <Spinner label="Loading the form..." showLabel />
            ) : form.isError ? (
              <Alert tone="error">{formFetchFailedMessage(form.error.message)}</Alert>
            ) : undefined}
          </JsonPanel>
        </div>
      )}
    </div>
  );
}

/**
 * Issue 28 §3: which questions the person chose "Prefer not to answer" for. The JSON stays as
 * stored (it is what is copied); this says in words what `{ "declined": true }` means.
 */
function DeclinedNote({ data, form }: { data: unknown; form: unknown }) {
  const declined = declinedQuestions(answersOfRecordData(data), form);
  if (declined.length === 0) return null;
  return (
    <div className="datasync__declined">
      <p>
        {DECLINED_ANSWER_TEXT} ({declined.length}, stored as {'{ "declined": true }'}):
      </p>
      <ul>
        {declined.map((question) => (
          <li key={question}>{question}</li>
        ))}
      </ul>
    </div>
  );
}
