// Import boundaries of STYLE.md, checked on every `npm run lint`:
//   domain imports only domain and zod; web and server never import each other;
//   a web feature never imports another feature; shared web code (components, lib) never imports
//   features or the app shell (shared → features → app);
//   in src/server (issue 27 §1) arrows point down only: app/main → plugins → graphql, cli → modules
//   → kernel → db, config; a module reaches another module through its service, never its
//   repository, and no module folders import each other in a circle.
// `node scripts/check-boundaries.ts [ROOT]` checks ROOT's src (the project's own by default).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
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

/** The server's layers, lowest first (STYLE §3); a file imports only its own layer or lower ones. */
const SERVER_LAYERS: { name: string; paths: RegExp }[] = [
  { name: 'db and config', paths: /^src\/server\/(db\/|config\.ts$|log-serializers\.ts$)/ },
  { name: 'kernel', paths: /^src\/server\/kernel\// },
  { name: 'modules', paths: /^src\/server\/modules\// },
  { name: 'graphql and cli', paths: /^src\/server\/(graphql|cli)\// },
  { name: 'plugins', paths: /^src\/server\/plugins\// },
  { name: 'app', paths: /^src\/server\/(app|main)\.ts$/ },
  { name: 'test support', paths: /^src\/server\/test-support\// },
];
const serverLayer = (file: string) => SERVER_LAYERS.findIndex((layer) => layer.paths.test(file));
const moduleOf = (file: string) => /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1];
/** Which module folders import which, to find circles among them. */
const moduleImports = new Map<string, Set<string>>();

function serverProblem(file: string, target: string): string | undefined {
  const from = serverLayer(file);
  const to = serverLayer(target);
  if (from < 0 || to < 0) return undefined;
  if (to > from)
    return `an upward import in the server: ${SERVER_LAYERS[from]?.name} never imports ${SERVER_LAYERS[to]?.name}`;
  const ownModule = moduleOf(file);
  const targetModule = moduleOf(target);
  if (ownModule && targetModule && ownModule !== targetModule) {
    const imported = moduleImports.get(ownModule) ?? new Set<string>();
    moduleImports.set(ownModule, imported.add(targetModule));
    if (/-repository\.ts$/.test(target))
      return "a module uses another module's service, never its repository";
  }
  return undefined;
}

/** Module folders that import each other in a circle, each circle named once. */
function moduleCircles(): string[] {
  const circles = new Set<string>();
  const visit = (name: string, trail: string[]) => {
    const start = trail.indexOf(name);
    if (start >= 0) {
      const loop = trail.slice(start);
      const first = loop.indexOf([...loop].sort()[0] ?? name);
      circles.add([...loop.slice(first), ...loop.slice(0, first)].join(' → '));
      return;
    }
    for (const next of moduleImports.get(name) ?? []) visit(next, [...trail, name]);
  };
  for (const name of moduleImports.keys()) visit(name, []);
  return [...circles];
}

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
    // Tests stand outside the server's layers: they may start the whole app.
    const layered = file.startsWith('src/server/') && !isTest && serverProblem(file, target.local);
    if (layered) say(layered);
    const ownFeature = featureOf(file);
    const targetFeature = featureOf(target.local);
    if (ownFeature && targetFeature && ownFeature !== targetFeature) say('features never import each other');
    if (/^src\/web\/(components|lib)\//.test(file) && /^src\/web\/(features|app)\//.test(target.local)) {
      say('shared web code never imports features or the app shell');
    }
  }
}

for (const circle of moduleCircles())
  problems.push(`src/server/modules: module folders import each other in a circle: ${circle}`);

if (problems.length > 0) {
  console.error(`Import boundary violations (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries: ok');
