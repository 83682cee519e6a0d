import { Packer } from 'docx';
import { describe, expect, it } from 'vitest';
import { wordText, zipEntries } from '#web/test-support/zip-entries.ts';
import { reportDocument } from './report-docx.ts';

async function documentParts(text: string, generatedOn = '7/7/2025, 10:30:00 AM') {
  const entries = zipEntries(await Packer.toBuffer(reportDocument(text, generatedOn)));
  const part = (name: string) => entries.get(name)?.toString('utf8') ?? '';
  const footerName = [...entries.keys()].find((name) => /^word\/footer\d*\.xml$/.test(name)) ?? '';
  return { body: part('word/document.xml'), footer: part(footerName), core: part('docProps/core.xml') };
}

/** The paragraphs of the body: their style and text, line breaks as \n. */
function paragraphs(xml: string) {
  return [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>|<w:p [^>]*>([\s\S]*?)<\/w:p>/g)].map((match) => {
    const inner = match[1] ?? match[2] ?? '';
    const style = /<w:pStyle w:val="([^"]+)"/.exec(inner)?.[1] ?? null;
    const text = [...inner.matchAll(/<w:br\/>|<w:t(?:\s[^>]*)?>[^<]*<\/w:t>/g)]
      .map((piece) => (piece[0] === '<w:br/>' ? '\n' : wordText(piece[0]).join('')))
      .join('');
    return { style, text };
  });
}

describe('the Word report (admin-app §9)', () => {
  it('is a real .docx titled "Trauma Resources Report", with headings, line breaks and the footer', async () => {
    const { body, footer, core } = await documentParts(
      '**Family**\nAda grew up with her aunt.\nShe moved often.\n\nA second paragraph with **bold** words.',
    );
    expect(paragraphs(body)).toEqual([
      { style: 'Title', text: 'Trauma Resources Report' },
      { style: 'Heading1', text: 'Family' },
      { style: null, text: 'Ada grew up with her aunt.\nShe moved often.' },
      { style: null, text: 'A second paragraph with bold words.' },
    ]);
    expect(body).toMatch(/<w:b\/>[\s\S]*bold/);
    expect(wordText(footer)).toEqual(['Generated on: 7/7/2025, 10:30:00 AM']);
    expect(core).toContain('<dc:title>Trauma Resources Report</dc:title>');
  });

  it('keeps markup in the text as literal text, escaped in the XML', async () => {
    const { body } = await documentParts('Answer: <script>alert("x")</script> & <b>not bold</b>');
    expect(body).not.toContain('<script>');
    expect(body).toContain('&lt;script&gt;');
    expect(paragraphs(body)[1]?.text).toBe('Answer: <script>alert("x")</script> & <b>not bold</b>');
  });
});
