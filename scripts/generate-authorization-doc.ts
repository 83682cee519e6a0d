// `npm run docs:authorization`: writes docs/authorization.md from the authorization matrix.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderAuthorizationDoc } from '../src/server/modules/authorization/authorization-doc.ts';

const target = fileURLToPath(new URL('../docs/authorization.md', import.meta.url));
fs.writeFileSync(target, renderAuthorizationDoc());
console.log(`Wrote ${target}`);
