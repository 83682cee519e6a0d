/** admin-app §9: the object URL of a download is cleaned up after 100 ms. */
export const REVOKE_AFTER_MS = 100;

/** Hands a file made in the browser to the browser's download, under the given name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
