import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/database.ts';
import { loadOrCreateSecret } from './server-secrets.ts';

/** The embedded provider's RS256 signing keys, private parts included; kept in the database. */
export interface SigningKeySet {
  keys: JWK[];
}

const SECRET_NAME = 'oidc-signing-keys';

export async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, alg: 'RS256', use: 'sig', kid: await calculateJwkThumbprint(jwk) };
}

export function loadOrCreateSigningKeys(db: Db): Promise<SigningKeySet> {
  return loadOrCreateSecret<SigningKeySet>(db, SECRET_NAME, async () => ({
    keys: [await generateSigningKey()],
  }));
}

/** The public half, as published at the provider's jwks_uri. */
export function publicJwks(set: SigningKeySet): { keys: JWK[] } {
  return {
    keys: set.keys.map(({ kty, n, e, alg, use, kid }) => ({ kty, n, e, alg, use, kid })),
  };
}
