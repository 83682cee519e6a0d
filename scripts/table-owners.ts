// Issue 40 §1 (decision 202): every table has one owning module; code elsewhere asks the owner's
// service. Checked on every `npm run lint` by scripts/check-boundaries.ts, by table, not by file: a
// server file outside the owner that imports the table's object from src/server/db (schema.ts,
// identity-schema.ts, tables/*) or names the table in hand-written SQL fails the check.
// Tests and test-support stand outside (they set up and inspect rows directly), as do the table
// definitions themselves. Paths are relative to src/server.
import fs from 'node:fs';
import path from 'node:path';

type Ownership = {
  /** The folder (or file) that owns the table: its module, or the db layer for the server's own state. */
  owner: string;
  /**
   * Files elsewhere that still read or write the table, each with why. Not yet routed through the
   * owner's service for time (issue 40 §1 left open); a new entry needs a reason a reviewer accepts.
   */
  readers?: Record<string, string>;
};

const ADMIN_ACTIVITY = 'admin-activity/admin-activity-repository.ts';
const AUDIT = 'modules/audit/audit-repository.ts';
const ERASURE = 'modules/erasure/erasure-repository.ts';
const DEMO = 'modules/demo/demo-seed-service.ts';
const SEALING = 'db/encryption/seal-legacy-rows.ts';
const RECORD_PAGE = 'modules/records/record-page-repository.ts';
const PROVISIONING = 'modules/records/record-provisioning-service.ts';

const why = {
  adminActivity: 'the admin activity feed unions recent rows of several tables in one query',
  audit: 'the audit log joins the subject of an entry (record owner, organization) in one statement',
  erasure:
    'erasure removes a person everywhere in one transaction (decision 131); next: owners’ erase commands',
  demo: 'the demo seed writes a whole catalogue in one transaction, before anyone signs in',
  sealing: 'start-up sealing of plaintext of before issue 30, before any module runs',
  pageJoin: 'the admin list sorts and searches by the joined column in SQL, a page at a time',
  provisioning: 'the CLI provisions a person with their records in one transaction',
  join: 'reads the joined column in the same statement (read only)',
} as const;

export const TABLE_OWNERS: Record<string, Ownership> = {
  life_records: {
    owner: 'modules/records/',
    readers: {
      [AUDIT]: why.audit,
      [ERASURE]: why.erasure,
      [DEMO]: why.demo,
      [SEALING]: why.sealing,
      'modules/form-versions/form-version-repository.ts':
        'a mapped migration moves records to another form version in the batch’s transaction; next: a records command',
      'modules/identity/sign-in-service.ts':
        'first sign-in folds the invited placeholder (records included) into the person in one transaction; identity sits below records (records import its Viewer), so it cannot call a records command without a circle',
      'modules/invitations/invitation-repository.ts':
        'Re-Send reads the invited record with its person in one statement (a credit is taken and assigned by records’ commands)',
      'modules/organizations/organization-repository.ts': 'counts an organization’s records and credits',
      'modules/payments/purchase-repository.ts':
        'a purchase creates its credits in the payment’s transaction; next: a records command taking the transaction',
      'modules/recordings/recording-repository.ts':
        'a recording reads its record’s owner and state in one statement; next: recordings move into records',
      'modules/reminders/reminder-repository.ts': 'reminders list records to remind of, with their owners',
    },
  },
  record_migrations: {
    owner: 'modules/records/',
    readers: {
      [ERASURE]: why.erasure,
      [SEALING]: why.sealing,
      'modules/form-versions/form-version-repository.ts':
        'a mapped migration writes its undo rows in its transaction',
      'modules/form-versions/migration-history-repository.ts': 'the admin’s migration history and undo',
    },
  },
  report_generations: {
    owner: 'modules/records/',
    readers: { [AUDIT]: why.audit, [ERASURE]: why.erasure, [SEALING]: why.sealing },
  },
  invitations: { owner: 'modules/invitations/', readers: { [ERASURE]: why.erasure } },
  users: {
    owner: 'modules/users/',
    readers: {
      [AUDIT]: why.audit,
      [ERASURE]: why.erasure,
      [RECORD_PAGE]: why.pageJoin,
      [PROVISIONING]: why.provisioning,
      'modules/form-versions/form-version-repository.ts': 'names who ran a migration (read only)',
      'modules/identity/sign-in-service.ts': 'first sign-in links the account to its user row (issue 14)',
      'modules/identity/viewer.ts': 'the viewer of a token is read on every request in one statement',
      'modules/invitations/invitation-repository.ts': 'an invitation finds or creates the person it invites',
      'modules/reminders/reminder-repository.ts': why.join,
    },
  },
  roles: {
    owner: 'modules/users/',
    readers: {
      [ERASURE]: why.erasure,
      'modules/identity/sign-in-service.ts':
        'a first sign-in grants the registered `user` role in its own statement',
      'modules/identity/viewer.ts': 'the viewer of a token is read on every request in one statement',
      'modules/invitations/invitation-repository.ts':
        'an invitation gives the invited person the client role',
    },
  },
  user_roles: {
    owner: 'modules/users/',
    readers: {
      [ERASURE]: why.erasure,
      'modules/identity/sign-in-service.ts': 'first sign-in carries the invited placeholder’s roles over',
      'modules/identity/viewer.ts': 'the viewer of a token is read on every request in one statement',
      'modules/invitations/invitation-repository.ts':
        'an invitation gives the invited person the client role',
    },
  },
  ended_sign_ins: { owner: 'modules/identity/' },
  organizations: {
    owner: 'modules/organizations/',
    readers: {
      [`modules/${ADMIN_ACTIVITY}`]: why.adminActivity,
      [AUDIT]: why.audit,
      [RECORD_PAGE]: why.pageJoin,
      [PROVISIONING]: why.provisioning,
      'modules/invitations/invitation-repository.ts': why.join,
      'modules/payments/purchase-repository.ts':
        'a purchase reads its organization in the payment’s transaction',
      'modules/reminders/reminder-repository.ts': why.join,
      'modules/users/user-provisioning-service.ts': why.provisioning,
      'modules/users/user-repository.ts': 'the users list sorts and searches by organization name in SQL',
    },
  },
  inventory_types: {
    owner: 'modules/inventory-types/',
    readers: {
      [DEMO]: why.demo,
      [RECORD_PAGE]: why.pageJoin,
      [PROVISIONING]: why.provisioning,
      'modules/form-versions/form-version-repository.ts':
        'publishing a version reads the draft form in its transaction',
      'modules/invitations/invitation-repository.ts': why.join,
      'modules/organizations/organization-repository.ts': why.join,
      'modules/products/product-repository.ts': why.join,
      'modules/reminders/reminder-repository.ts': why.join,
    },
  },
  inventory_type_versions: { owner: 'modules/form-versions/' },
  products: {
    owner: 'modules/products/',
    readers: {
      [`modules/${ADMIN_ACTIVITY}`]: why.adminActivity,
      [DEMO]: why.demo,
      'modules/payments/purchase-repository.ts': 'a purchase reads its product in the payment’s transaction',
    },
  },
  purchases: {
    owner: 'modules/payments/',
    readers: { [`modules/${ADMIN_ACTIVITY}`]: why.adminActivity, [DEMO]: why.demo },
  },
  books: { owner: 'modules/book/' },
  background_jobs: { owner: 'modules/jobs/' },
  recordings: { owner: 'modules/recordings/' },
  recording_parts: { owner: 'modules/recordings/' },
  reminders: { owner: 'modules/reminders/' },
  mail_failures: { owner: 'modules/reminders/' },
  support_messages: {
    owner: 'modules/support/',
    readers: { [`modules/${ADMIN_ACTIVITY}`]: why.adminActivity, [ERASURE]: why.erasure },
  },
  audit_entries: { owner: 'modules/audit/' },
  idp_accounts: {
    owner: 'modules/idp/',
    readers: {
      'modules/reminders/reminder-repository.ts': 'reminders skip people whose sign-in account is gone',
      'modules/users/user-provisioning-service.ts': why.provisioning,
    },
  },
  idp_account_tokens: { owner: 'modules/idp/' },
  oidc_payloads: {
    owner: 'modules/idp/',
    readers: {
      'db/encryption/server-state-sealing.ts': 'start-up sealing of the provider’s state (issue 38 §1)',
      'modules/identity/session-end.ts':
        'ending a sign-in deletes the provider’s sessions and grants in the transaction that records it; idp imports identity, so identity cannot call idp without a module circle',
    },
  },
  server_secrets: {
    owner: 'modules/identity/server-secrets.ts',
    readers: {
      'db/database.ts': 'the key store is opened with the database, before any module',
      'db/encryption/server-state-sealing.ts': 'start-up sealing of secrets of before issue 38',
    },
  },
  rate_limit_hits: {
    owner: 'modules/rate-limits/',
    readers: { 'modules/idp/sign-in-throttle.ts': 'the sign-in throttle counts hits in its own statement' },
  },
};

type TableDefinition = { symbol: string; table: string };

/** Where tables are defined: their objects may be named there, and nowhere else outside the owner. */
const DEFINITIONS = /^db\/(schema\.ts|identity-schema\.ts|tables\/)/;
// `../schema.ts`: as a folder inside db/ (db/encryption) imports them.
const DEFINITION_FILES =
  /(?:^|\/)db\/(?:schema|identity-schema|tables\/[\w-]+)\.ts$|^\.\.\/(?:schema|identity-schema)\.ts$/;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

function tableDefinitions(server: string): TableDefinition[] {
  return sourceFiles(path.join(server, 'db'))
    .filter((file) => DEFINITIONS.test(path.relative(server, file).replaceAll(path.sep, '/')))
    .flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map(
        ([, symbol = '', table = '']) => ({ symbol, table }),
      ),
    );
}

/** The tables a file uses: imported table objects, and tables its hand-written SQL names. */
function tablesUsed(text: string, tables: TableDefinition[]): Set<string> {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const used = new Set<string>();
  for (const [, names = '', from = ''] of code.matchAll(
    /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g,
  )) {
    if (!DEFINITION_FILES.test(from)) continue;
    for (const name of names.split(',')) {
      const symbol = name
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      const table = tables.find((definition) => definition.symbol === symbol);
      if (table) used.add(table.table);
    }
  }
  for (const { table } of tables) {
    if (new RegExp(`\\b(from|join|update|into)\\s+"?${table}\\b`, 'i').test(code)) used.add(table);
  }
  return used;
}

/** Each use of a table outside its owner and its listed readers, as a line to print. */
export function tableOwnershipProblems(root: string, owners = TABLE_OWNERS): string[] {
  const server = path.join(root, 'src/server');
  const tables = tableDefinitions(server);
  const problems = tables
    .filter(({ table }) => !owners[table])
    .map(({ table }) => `table "${table}" has no owner in scripts/table-owners.ts (every table has one)`);
  const uses = new Map<string, Set<string>>();
  for (const file of sourceFiles(server)) {
    const relative = path.relative(server, file).replaceAll(path.sep, '/');
    if (DEFINITIONS.test(relative)) continue;
    uses.set(relative, tablesUsed(fs.readFileSync(file, 'utf8'), tables));
    for (const table of uses.get(relative) ?? []) {
      const ownership = owners[table];
      if (!ownership || relative.startsWith(ownership.owner) || ownership.readers?.[relative]) continue;
      problems.push(
        `src/server/${relative}: uses table "${table}" — owned by src/server/${ownership.owner}; ask its service`,
      );
    }
  }
  // An exception outlives its reason once the file asks the owner: it goes, so the list stays true.
  for (const [table, ownership] of Object.entries(owners)) {
    for (const reader of Object.keys(ownership.readers ?? {})) {
      if (uses.has(reader) && !uses.get(reader)?.has(table))
        problems.push(
          `scripts/table-owners.ts: src/server/${reader} no longer uses "${table}"; remove the exception`,
        );
    }
  }
  return problems;
}
