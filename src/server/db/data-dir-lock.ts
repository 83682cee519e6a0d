import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite does not lock its data directory (STACK-NOTES trap 6): two processes writing it at once
 * corrupt it. Whoever opens the embedded database first holds this lock file until it exits.
 */
export interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
  purpose: string;
}

export class DataDirLockedError extends Error {
  readonly holder: LockHolder;
  constructor(lockPath: string, holder: LockHolder) {
    super(
      `The embedded database in ${path.dirname(lockPath)} is in use by another process ` +
        `(${holder.purpose}, pid ${holder.pid}, since ${holder.startedAt}). ` +
        'Only one process may open it at a time: stop that process first, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
    this.holder = holder;
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

export function lockFilePath(databaseDir: string): string {
  return `${databaseDir}.lock`;
}

export function acquireDataDirLock(databaseDir: string, purpose: string): DataDirLock {
  const lockPath = lockFilePath(databaseDir);
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const holder: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    purpose,
  };
  // Two attempts: the second one after removing a lock left behind by a process that died.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(holder), { flag: 'wx', mode: 0o600 });
      return { path: lockPath, release: () => releaseIfOurs(lockPath) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readLockHolder(databaseDir);
      if (current && isAlive(current)) throw new DataDirLockedError(lockPath, current);
      fs.rmSync(lockPath, { force: true });
    }
  }
  const current = readLockHolder(databaseDir);
  throw new DataDirLockedError(lockPath, current ?? holder);
}

/** The live process holding the lock, or undefined when the directory is free. */
export function readLockHolder(databaseDir: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(lockFilePath(databaseDir), 'utf8')) as LockHolder;
    return typeof holder.pid === 'number' ? holder : undefined;
  } catch {
    return undefined;
  }
}

export function isAlive(holder: LockHolder): boolean {
  if (holder.hostname !== os.hostname()) return true; // another machine's process: assume alive
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseIfOurs(lockPath: string): void {
  try {
    const holder = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockHolder;
    if (holder.pid === process.pid) fs.rmSync(lockPath, { force: true });
  } catch {
    // Already gone: nothing to release.
  }
}
