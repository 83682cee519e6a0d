import { FormBuilderScreen } from '#web/features/formbuilder/formbuilder-screen.tsx';
import { RecordPreview } from '#web/features/record/record-preview.tsx';

/**
 * The form builder with its live preview (issue 11): the builder and the record screen are separate
 * features, so the app puts the record renderer into the builder here.
 */
export function FormBuilderRoute() {
  return <FormBuilderScreen renderPreview={(form) => <RecordPreview form={form} />} />;
}
