// Import boundaries of STYLE.md, checked on every `npm run lint` by dependency-cruiser with the rules
// in .dependency-cruiser.cjs (issue 40 §4; the rules and why are written there), and table ownership
// by scripts/table-owners.ts (issue 40 §1).
// `node scripts/check-boundaries.ts [ROOT]` checks ROOT's src (the project's own by default).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import { tableOwnershipProblems } from './table-owners.ts';

const project = fileURLToPath(new URL('..', import.meta.url));
const root = path.resolve(process.argv[2] ?? project);
const config = createRequire(import.meta.url)(path.join(project, '.dependency-cruiser.cjs'));

type Rule = { name: string; comment: string };
// dependency-cruiser reports paths relative to the working directory.
process.chdir(root);
async function violations(paths: string[], forbidden: Rule[], exclude: unknown): Promise<IViolation[]> {
  const { output } = await cruise(paths, {
    ...config.options,
    exclude,
    ruleSet: { forbidden },
    validate: true,
    outputType: 'json',
  });
  const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
  return result.summary.violations ?? [];
}
const isDomainTestRule = (rule: Rule) => rule.name.startsWith('domain-tests-');
// The project without its tests (the layers), then the domain's tests alone (what they may import).
const found = [
  ...(await violations(
    ['src'],
    config.forbidden.filter((rule: Rule) => !isDomainTestRule(rule)),
    config.options.exclude,
  )),
  ...(fs.existsSync('src/domain')
    ? await violations(['src/domain'], config.forbidden.filter(isDomainTestRule), {
        path: '(^|/)src/web/gql/',
      })
    : []),
];

const rules = new Map<string, string>(
  config.forbidden.map((rule: { name: string; comment: string }) => [rule.name, rule.comment]),
);
const say = (violation: IViolation) => {
  const reason = rules.get(violation.rule.name) ?? violation.rule.name;
  if (violation.cycle) {
    const circle = [violation.from, ...violation.cycle.map((step) => step.name)].map(moduleName);
    return `src/server/modules: ${reason}: ${circle.slice(0, -1).join(' → ')}`;
  }
  return `${violation.from}: imports "${violation.to}" — ${reason}`;
};
const moduleName = (folder: string) => folder.replace(/^src\/server\/modules\//, '').replace(/\/$/, '');

// Issue 40 §1: and every table is used by its owning module only (scripts/table-owners.ts).
const problems = [...found.map(say), ...tableOwnershipProblems(root)];
if (problems.length > 0) {
  console.error(`Import boundary violations (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries: ok');
