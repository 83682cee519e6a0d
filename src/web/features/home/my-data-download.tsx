import { useMutation } from '@tanstack/react-query';
import { MISSING_TOKEN_MESSAGE } from '#domain/permissions.ts';
import { PERSONAL_DATA_FILE_NAME } from '#domain/personal-data.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useApiRequest } from '#web/lib/api-request.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { saveFile } from '#web/lib/save-file.ts';

/**
 * "Download my data": the person's own copy of everything they wrote, as a JSON file, including
 * answers to questions a later version of a form no longer asks (issue 12: never deleted).
 */
export function MyDataDownload() {
  const request = useApiRequest();
  const { getIdToken } = useAuth();
  // Issue 41 §3: the same copy with the recordings' audio, as a ZIP.
  const archive = useMutation({
    mutationFn: async () => {
      const token = await getIdToken();
      if (!token) throw new Error(MISSING_TOKEN_MESSAGE);
      const response = await fetch('/api/my-data/archive', { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`The server answered ${response.status}.`);
      saveFile(await response.blob(), 'life-record-my-data.zip');
    },
  });
  const download = useMutation({
    mutationFn: async () => {
      const data = await request<unknown>('/api/my-data', { method: 'GET' });
      saveFile(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
        PERSONAL_DATA_FILE_NAME,
      );
    },
  });
  return (
    <div className="record-list__my-data">
      <p>A copy of everything you have written, with each question, as a file you can keep.</p>
      <Button variant="secondary" size="sm" disabled={download.isPending} onClick={() => download.mutate()}>
        {download.isPending ? 'Preparing...' : 'Download my data'}
      </Button>
      <Button variant="secondary" size="sm" disabled={archive.isPending} onClick={() => archive.mutate()}>
        {archive.isPending ? 'Preparing...' : 'Download my data with my recordings (ZIP)'}
      </Button>
      {download.isError ? (
        <ErrorMessage message={`Error downloading your data: ${download.error.message}`} />
      ) : null}
      {archive.isError ? (
        <ErrorMessage message={`Error downloading your data: ${archive.error.message}`} />
      ) : null}
    </div>
  );
}
