import { sql } from 'drizzle-orm';
import { ERASED_ACCOUNT_MESSAGE } from '#domain/erased-account.ts';
import { isRole, type Role } from '#domain/roles.ts';
import type { Db, Executed } from '../../db/database.ts';
import { column, prepared, runStatement, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { endedSignIns, roles, userRoles, users } from '../../db/schema.ts';
import { AuthenticationError } from '../../kernel/authentication.ts';
import { type RecordWriteDeps, writeRecords } from '../../kernel/record-writes.ts';
import { completeSignIn } from './sign-in-service.ts';
import type { VerifiedIdentity as VerifiedToken } from './token-verifier.ts';

/** What resolving the person needs of a verified token (not which device it belongs to). */
type VerifiedIdentity = Omit<VerifiedToken, 'signInId'>;

/** The signed-in person behind a request, as the database knows them now. */
export interface Viewer {
  userId: string;
  federatedId: string;
  name: string | null;
  email: string | null;
  emailVerified: boolean;
  organizationId: string | null;
  /** From the database (DESIGN §6), never from the token. */
  roles: Role[];
  tokenExpiresAt: number;
  /** Tokens issued before this (ms) are refused: the person logged out or reset the password. */
  tokensValidAfter: number | null;
  /** Why they were (`users.sign_in_ended_by`, issue 38 §5). */
  signInEndedBy: string | null;
  /** Sign-ins ended on their own device (issue 38 §4, Logout): their tokens are refused. */
  endedSignIns: string[];
}

type UserRow = Executed<
  ColumnsOfRow<
    typeof users,
    | 'id'
    | 'name'
    | 'email'
    | 'organization_id'
    | 'tokens_valid_after'
    | 'sign_in_ended_by'
    | 'erasure_started_at'
    | 'erased_at'
  >
> & {
  ended_sign_ins: string[];
  /** Names of the roles held (roles.name), from the database, never from the token (DESIGN §6). */
  roles: string[];
};

// Read on every request (through the viewer cache): one statement, the roles and ended sign-ins with it.
const BY_FEDERATED_ID = prepared<UserRow>(
  'viewer-by-federated-id',
  sql`select ${users.id}, ${users.name}, ${users.email}, ${users.organizationId}, ${users.tokensValidAfter},
        ${users.signInEndedBy}, ${users.erasureStartedAt}, ${users.erasedAt},
        array(select ${endedSignIns.signInId} from ${endedSignIns} where ${endedSignIns.userId} = ${users.id}) as ended_sign_ins,
        coalesce(array_agg(${roles.name} order by ${roles.name}) filter (where ${roles.name} is not null), '{}') as roles
      from ${users}
      left join ${userRoles} on ${userRoles.userId} = ${users.id}
      left join ${roles} on ${roles.id} = ${userRoles.roleId}
      where ${users.federatedId} = ${value('sub')}
      group by ${users.id}`,
);

async function findByFederatedId(db: Db, sub: string): Promise<UserRow | undefined> {
  const [row] = await runStatement(db, BY_FEDERATED_ID, { sub });
  return row;
}

/** Whether this identity's sign-in still has to be completed: no user row yet, or a newly verified address. */
function signInIncomplete(row: UserRow | undefined, identity: VerifiedIdentity): boolean {
  return !row || (row.email === null && identity.emailVerified && Boolean(identity.email));
}

/**
 * The person behind a verified identity (`federated_id = sub`), read from the database. Only a new
 * sign-in writes (issue 16 §3): the first one creates or links the user row, and a newly verified
 * address links an invitation to it; that is the identity service's (sign-in-service.ts), called here
 * explicitly when needed. Every other request only reads.
 */
export async function resolveViewer(
  deps: RecordWriteDeps,
  identity: VerifiedIdentity,
  signIn: { embedded: boolean } = { embedded: true },
): Promise<Viewer> {
  const db = deps.database.db;
  let row = await findByFederatedId(db, identity.sub);
  if (row?.erasure_started_at) row = await refuseOrReleaseErased(db, row, identity, signIn.embedded);
  if (signInIncomplete(row, identity)) {
    const userId = row?.id ?? null;
    // Records whose owner changed at sign-in are published like every write (issue 16 §2).
    await writeRecords(deps, async (writer) => ({
      value: undefined,
      changed: await completeSignIn(writer, identity, userId),
    }));
    row = (await findByFederatedId(db, identity.sub)) ?? row;
  }
  if (!row) throw new Error('The user row for a verified identity could not be created.');
  return {
    userId: row.id,
    federatedId: identity.sub,
    name: row.name,
    email: row.email,
    emailVerified: identity.emailVerified,
    organizationId: row.organization_id,
    roles: row.roles.filter(isRole),
    tokenExpiresAt: identity.expiresAt,
    tokensValidAfter: row.tokens_valid_after === null ? null : new Date(row.tokens_valid_after).getTime(),
    signInEndedBy: row.sign_in_ended_by,
    endedSignIns: row.ended_sign_ins,
  };
}

/**
 * Issue 30 §6 (decision 131) and issue 38 §2 (decision 141): the row of an erased person keeps the
 * subject, so a token naming it is refused ("This account has been erased.") instead of making a
 * new row from the token's name and address. With the embedded provider always: the account is
 * gone, so no genuine token can name the subject again. With an outside provider the same person
 * may sign in there again: only a token whose sign-in itself (`auth_time`, not a renewal's `iat`)
 * happened after the erasure ended lets the erased row go of the subject, and that person starts
 * afresh.
 */
export function erasedSubjectOutcome(
  erasedAt: number | null,
  identity: Pick<VerifiedIdentity, 'authTime'>,
  embedded: boolean,
): 'refuse' | 'release' {
  if (embedded || erasedAt === null || identity.authTime === null) return 'refuse';
  return identity.authTime > erasedAt ? 'release' : 'refuse';
}

const RELEASE_ERASED = prepared<never>(
  'viewer-release-erased',
  sql`update ${users} set ${column(users.federatedId)} = null
      where ${users.id} = ${value('id')}::uuid and ${users.erasedAt} is not null`,
);

async function refuseOrReleaseErased(
  db: Db,
  row: UserRow,
  identity: VerifiedIdentity,
  embedded: boolean,
): Promise<UserRow | undefined> {
  const erasedAt = row.erased_at === null ? null : new Date(row.erased_at).getTime();
  if (erasedSubjectOutcome(erasedAt, identity, embedded) === 'refuse')
    throw new AuthenticationError(ERASED_ACCOUNT_MESSAGE);
  await runStatement(db, RELEASE_ERASED, { id: row.id });
  return undefined;
}

/**
 * Issue 14 §3 and issue 25 §5: ends every ID token issued so far for this person (password reset,
 * Sign out of all devices), to the millisecond (kernel/authentication.ts refuseEndedSignIn), noting
 * why (issue 38 §5). The instant is this server's clock, the one the embedded provider stamps its
 * tokens with, not the database's.
 */
const END_SIGN_INS_OF_USER = prepared<ColumnsOfRow<typeof users, 'federated_id'>>(
  'viewer-end-sign-ins-of-user',
  sql`update ${users} set ${column(users.tokensValidAfter)} = ${value('now')}::timestamptz,
        ${column(users.signInEndedBy)} = ${value('cause')}
      where ${users.id} = ${value('userId')}::uuid returning ${users.federatedId}`,
);

export async function revokeTokensOfUser(
  db: Pick<Db, 'execute'>,
  userId: string,
  cause: 'everywhere' | 'admin' | 'erased' | 'password',
): Promise<string | null> {
  const now = new Date().toISOString();
  const rows = await runStatement(db, END_SIGN_INS_OF_USER, { now, cause, userId });
  return rows.length === 0 ? null : (rows[0]?.federated_id ?? '');
}

const END_SIGN_INS_OF_SUBJECT = prepared<ColumnsOfRow<typeof users, 'id'>>(
  'viewer-end-sign-ins-of-subject',
  sql`update ${users} set ${column(users.tokensValidAfter)} = ${value('now')}::timestamptz,
        ${column(users.signInEndedBy)} = 'password'
      where ${users.federatedId} = ${value('sub')} returning ${users.id}`,
);

/** The same after a password reset, for the user of an identity (the embedded provider's account id is its subject). */
export async function revokeTokensOfSubject(db: Pick<Db, 'execute'>, sub: string): Promise<string | null> {
  const now = new Date().toISOString();
  const rows = await runStatement(db, END_SIGN_INS_OF_SUBJECT, { now, sub });
  return rows[0]?.id ?? null;
}
