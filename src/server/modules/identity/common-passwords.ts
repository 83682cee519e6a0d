import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Issue 14 §7: the passwords people pick most often (about 49,000, from zxcvbn-ts's common
 * dictionary, bundled with the package: nothing is downloaded), compared without case. Built once,
 * on first use, so a server that never sees a new password never holds it.
 */
let common: ReadonlySet<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
