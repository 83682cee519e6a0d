// Import boundaries of STYLE.md (issue 40 §4: dependency-cruiser instead of a hand-written checker).
// Run by `npm run lint` through scripts/check-boundaries.ts, which prints each violation with its rule.
//   domain imports only domain and zod; web and server never import each other;
//   a web feature never imports another feature; shared web code never imports features or the shell;
//   in src/server arrows point down only: app/main → plugins → graphql, cli → modules → kernel → db,
//   config; a module reaches another through its service, never its repository; no module folders
//   import each other in a circle. Tests stand outside the server's layers: they may start the app.

const TEST = '\\.test\\.tsx?$';

/** The server's layers, lowest first (STYLE §3); a file imports only its own layer or lower ones. */
const SERVER_LAYERS = [
  { name: 'db and config', path: '^src/server/(db/|config(-fields)?\\.ts$|log-serializers\\.ts$)' },
  { name: 'kernel', path: '^src/server/kernel/' },
  { name: 'modules', path: '^src/server/modules/' },
  { name: 'graphql and cli', path: '^src/server/(graphql|cli)/' },
  { name: 'plugins', path: '^src/server/plugins/' },
  { name: 'app', path: '^src/server/(app|main)\\.ts$' },
  { name: 'test support', path: '^src/server/test-support/' },
];

const upwardImports = SERVER_LAYERS.flatMap((layer, index) =>
  SERVER_LAYERS.slice(index + 1).map((higher) => ({
    name: `server-${layer.name.replaceAll(' ', '-')}-not-${higher.name.replaceAll(' ', '-')}`,
    severity: 'error',
    comment: `an upward import in the server: ${layer.name} never imports ${higher.name}`,
    from: { path: layer.path, pathNot: TEST },
    to: { path: higher.path },
  })),
);

module.exports = {
  forbidden: [
    {
      name: 'domain-only-zod',
      severity: 'error',
      comment: 'domain code imports only zod (it must run unchanged in the browser and the server)',
      from: { path: '^src/domain/', pathNot: TEST },
      to: {
        dependencyTypes: [
          'npm',
          'npm-dev',
          'npm-optional',
          'npm-peer',
          'npm-no-pkg',
          'npm-unknown',
          'unknown',
          'undetermined',
          'core',
        ],
        pathNot: '(^|/)(node_modules/)?zod(/|$)',
      },
    },
    {
      name: 'domain-tests-only-zod-vitest-fast-check',
      severity: 'error',
      comment: 'domain tests import only zod, vitest and fast-check',
      from: { path: `^src/domain/.*${TEST}` },
      to: {
        dependencyTypes: [
          'npm',
          'npm-dev',
          'npm-optional',
          'npm-peer',
          'npm-no-pkg',
          'npm-unknown',
          'unknown',
          'undetermined',
          'core',
        ],
        pathNot: '(^|/)(node_modules/)?(zod|vitest|fast-check|@vitest)(/|$)',
      },
    },
    {
      name: 'domain-only-domain',
      severity: 'error',
      comment: 'domain code imports only domain code',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'the web client never imports server code',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'the server never imports web code',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    ...upwardImports,
    {
      name: 'module-through-service',
      severity: 'error',
      comment: "a module uses another module's service, never its repository",
      from: { path: '^src/server/modules/([^/]+)/', pathNot: TEST },
      to: { path: '^src/server/modules/[^/]+/.*-repository\\.ts$', pathNot: '^src/server/modules/$1/' },
    },
    {
      name: 'plaintext-through-the-door',
      severity: 'error',
      comment:
        "a record's values open only inside the records module, and reach others through open-records.ts (decision 204)",
      from: { path: '^src/', pathNot: ['^src/server/modules/records/', TEST] },
      to: { path: '^src/server/modules/records/(record-sealing|opened-answers-cache)\\.ts$' },
    },
    {
      name: 'module-folders-no-circle',
      severity: 'error',
      comment: 'module folders import each other in a circle',
      scope: 'folder',
      from: { path: '^src/server/modules/[^/]+$' },
      to: { path: '^src/server/modules/[^/]+$', circular: true },
    },
    {
      name: 'files-no-circle',
      severity: 'error',
      comment: 'files import each other in a circle (type-only imports too: move the shared type below both)',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'features-apart',
      severity: 'error',
      comment: 'features never import each other',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/[^/]+/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'shared-web-below-features',
      severity: 'error',
      comment: 'shared web code never imports features or the app shell',
      from: { path: '^src/web/(components|lib)/' },
      to: { path: '^src/web/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Generated GraphQL client code (src/web/gql) is not ours to arrange, and tests stand outside
    // the layers (they may start the whole app); the domain's tests are checked on their own
    // (scripts/check-boundaries.ts).
    exclude: { path: ['(^|/)src/web/gql/', TEST] },
    // TypeScript 7 has no compiler API that dependency-cruiser can load yet; swc parses TypeScript
    // itself and keeps type-only imports, which count as arrows too.
    parser: 'swc',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
