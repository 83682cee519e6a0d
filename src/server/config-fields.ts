import { isIP } from 'node:net';
import { z } from 'zod';

// The kinds of value environment variables hold (config.ts): text, URLs, flags, trusted proxies.

export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const optionalUrl = (protocols: string[]) =>
  optionalText.refine(
    (value) => value === undefined || isUrlWithProtocol(value, protocols),
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

function isUrlWithProtocol(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** A flag that is on unless set to false or 0. */
export const booleanFlagOn = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value !== 'false' && value !== '0');

/**
 * Issue 14 §4: which proxies' X-Forwarded-For to believe. `true` (every hop) let any client name its
 * own address, and so its own rate-limit key: refused. A hop count or the proxies' addresses.
 */
export const TRUST_PROXY_TRUE_MESSAGE =
  'must be the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.1,10.0.0.0/8); "true" would trust every hop, so any client could choose its own address';

export const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, context): false | number | string[] => {
    if (value === undefined || value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value) && Number(value) <= 20) return Number(value);
    const addresses = value.split(',').map((part) => part.trim());
    if (value !== 'true' && addresses.every(isAddressOrRange)) return addresses;
    context.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE_MESSAGE });
    return z.NEVER;
  });

function isAddressOrRange(text: string): boolean {
  const [address, bits, ...rest] = text.split('/');
  if (rest.length > 0 || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}
