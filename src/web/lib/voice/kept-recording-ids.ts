/** Issue 41: where a kept recording's entries lie in the unsent-answers store (kept-recordings.ts). */
const recordPrefix = (owner: string, recordId: string) => `voice\n${owner}\n${recordId}\n`;

/** Manifests: `voice␤{owner}␤{record}␤m␤{answerKey}␤{localId}`. */
export const keptManifestPrefix = (owner: string, recordId: string) => `${recordPrefix(owner, recordId)}m\n`;

/** Chunks: `voice␤{owner}␤{record}␤c␤{localId}␤{seq}`. */
export const keptChunkPrefix = (owner: string, recordId: string, localId: string) =>
  `${recordPrefix(owner, recordId)}c\n${localId}\n`;
