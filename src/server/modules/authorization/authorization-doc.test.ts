import fs from 'node:fs';
import { expect, it } from 'vitest';
import { renderAuthorizationDoc } from './authorization-doc.ts';

it('docs/authorization.md is the table of the authorization matrix (run npm run docs:authorization)', () => {
  const checkedIn = fs.readFileSync(new URL('../../../../docs/authorization.md', import.meta.url), 'utf8');
  expect(checkedIn).toBe(renderAuthorizationDoc());
});
