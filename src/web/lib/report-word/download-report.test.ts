import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadReport, REVOKE_AFTER_MS } from './download-report.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('downloadReport (admin-app §9)', () => {
  it('hands the browser a .docx named after the generation date, and revokes the link after 100 ms', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:report-1';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });

    await downloadReport({ response: '**Family**\nText', dateGenerated: '2026-02-03T10:00:00.000Z' });

    expect(clicked).toEqual([
      { href: 'blob:report-1', download: 'trauma-report-2026-02-03T10-00-00-000Z.docx', attached: true },
    ]);
    expect(created[0]?.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(document.querySelector('a[download]')).toBeNull();
    // The link lives on briefly: the browser may still be reading it when click() returns.
    expect(revoke).not.toHaveBeenCalled();
    expect(REVOKE_AFTER_MS).toBe(100);
    await vi.waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:report-1'), { timeout: 2000 });
  });
});
