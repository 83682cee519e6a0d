// Import boundaries of STYLE.md, checked on every `npm run lint`:
//   domain imports only domain and zod; web and server never import each other;
//   a web feature never imports another feature; shared web code (components, lib) never imports
//   features or the app shell (shared → features → app).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = path.join(root, 'src');
const aliases: Record<string, string> = {
  '#domain/': 'src/domain/',
  '#server/': 'src/server/',
  '#web/': 'src/web/',
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const pattern =
    /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;
  return [...text.matchAll(pattern)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** Project-relative path of an import, or the bare package name for a dependency. */
function resolve(from: string, specifier: string): { local: string } | { pkg: string } {
  for (const [alias, target] of Object.entries(aliases)) {
    if (specifier.startsWith(alias)) return { local: target + specifier.slice(alias.length) };
  }
  if (specifier.startsWith('.'))
    return { local: path.relative(root, path.resolve(path.dirname(from), specifier)) };
  const parts = specifier.split('/');
  return { pkg: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier) };
}

const featureOf = (file: string) => /^src\/web\/features\/([^/]+)\//.exec(file)?.[1];
const problems: string[] = [];

for (const absolute of sourceFiles(src)) {
  const file = path.relative(root, absolute).split(path.sep).join('/');
  const isTest = /\.test\.tsx?$/.test(file);
  for (const specifier of importsOf(absolute)) {
    const target = resolve(absolute, specifier);
    const say = (rule: string) => problems.push(`${file}: imports "${specifier}" — ${rule}`);
    if (file.startsWith('src/domain/')) {
      if (
        'pkg' in target &&
        target.pkg !== 'zod' &&
        !(isTest && ['vitest', 'fast-check'].includes(target.pkg))
      ) {
        say('domain code imports only zod (it must run unchanged in the browser and the server)');
      }
      if ('local' in target && !target.local.startsWith('src/domain/'))
        say('domain code imports only domain code');
      continue;
    }
    if (!('local' in target)) continue;
    if (file.startsWith('src/web/') && target.local.startsWith('src/server/'))
      say('the web client never imports server code');
    if (file.startsWith('src/server/') && target.local.startsWith('src/web/'))
      say('the server never imports web code');
    const ownFeature = featureOf(file);
    const targetFeature = featureOf(target.local);
    if (ownFeature && targetFeature && ownFeature !== targetFeature) say('features never import each other');
    if (/^src\/web\/(components|lib)\//.test(file) && /^src\/web\/(features|app)\//.test(target.local)) {
      say('shared web code never imports features or the app shell');
    }
  }
}

if (problems.length > 0) {
  console.error(`Import boundary violations (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries: ok');
