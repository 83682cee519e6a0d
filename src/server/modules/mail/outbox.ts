import fs from 'node:fs/promises';
import path from 'node:path';

/** A message as the outbox keeps it: one JSON file per mail, beside its raw `.eml`. */
export interface OutboxMessage {
  id: string;
  date: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export async function writeOutboxMessage(dir: string, message: OutboxMessage, raw: Buffer): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const base = path.join(dir, message.id);
  await fs.writeFile(`${base}.eml`, raw, { mode: 0o600 });
  // The JSON is written last: a reader that sees it finds the whole message.
  await fs.writeFile(`${base}.json`, JSON.stringify(message, null, 2), { mode: 0o600 });
}

/** Newest first. */
export async function listOutboxMessages(dir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const messages = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as OutboxMessage),
  );
  return messages.sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
}

export async function readOutboxMessage(dir: string, id: string): Promise<OutboxMessage | undefined> {
  if (!/^[\w-]+$/.test(id)) return undefined;
  try {
    return JSON.parse(await fs.readFile(path.join(dir, `${id}.json`), 'utf8')) as OutboxMessage;
  } catch {
    return undefined;
  }
}
