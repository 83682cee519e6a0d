import type { Dispatch } from 'react';
import { useId } from 'react';
import type { BuilderAction, BuilderDocument } from './builder-state.ts';

type Detail = 'name' | 'description' | 'model' | 'reportQuery';

/** admin-app §2 Form builder: the inventory type's name, description, model and report query. */
export function BuilderDetails({
  document,
  dispatch,
}: {
  document: BuilderDocument;
  dispatch: Dispatch<BuilderAction>;
}) {
  const ids = useId();
  const detail = (key: Detail, label: string, multiline = false) => {
    const props = {
      id: `${ids}-${key}`,
      value: document[key],
      onChange: (event: { target: { value: string } }) =>
        dispatch({ type: 'setDetail', key, value: event.target.value }),
    };
    return (
      <div className="form-field">
        <label htmlFor={props.id}>{label}</label>
        {multiline ? <textarea rows={3} {...props} /> : <input {...props} />}
      </div>
    );
  };
  return (
    <section className="formbuilder__details" aria-label="Form details">
      {detail('name', 'Name')}
      {detail('description', 'Description', true)}
      {detail('model', 'Model')}
      {detail('reportQuery', 'Report query', true)}
    </section>
  );
}
