import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, loadCodegenConfig } from '@graphql-codegen/cli';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

it('the generated types are those of schema.graphql (run npm run codegen after changing it)', async () => {
  const { config } = await loadCodegenConfig({ configFilePath: path.join(root, 'codegen.yml') });
  const outputs = (await generate({ ...config, cwd: root, silent: true }, false)) as {
    filename: string;
    content: string;
  }[];
  expect(outputs.length).toBeGreaterThan(0);
  for (const output of outputs) {
    const onDisk = fs.readFileSync(path.resolve(root, output.filename), 'utf8');
    expect(onDisk, output.filename).toBe(output.content);
  }
}, 60_000);
