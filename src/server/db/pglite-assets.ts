import { readFile } from 'node:fs/promises';

/**
 * Decision 151: PGlite's WebAssembly (the server and initdb) and its file-system bundle, read and
 * compiled once per process. Each worker that opens the embedded database gets the compiled modules
 * (a `WebAssembly.Module` crosses to a worker thread without being compiled again) instead of
 * reading and compiling its own copy on every open: the database's start costs the worker's start
 * only.
 */
export interface PgliteAssets {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

let loading: Promise<PgliteAssets> | undefined;

export function pgliteAssets(): Promise<PgliteAssets> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(): Promise<PgliteAssets> {
  const dist = new URL('./', import.meta.resolve('@electric-sql/pglite'));
  const [pgliteWasmModule, initdbWasmModule, bundle] = await Promise.all([
    readFile(new URL('pglite.wasm', dist)).then((bytes) => WebAssembly.compile(bytes)),
    readFile(new URL('initdb.wasm', dist)).then((bytes) => WebAssembly.compile(bytes)),
    readFile(new URL('pglite.data', dist)),
  ]);
  return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([bundle]) };
}
