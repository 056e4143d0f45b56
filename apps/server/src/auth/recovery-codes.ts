import { randomInt } from 'node:crypto';

/**
 * Two-factor recovery codes a person can read off paper and type: ten groups
 * 'XXXXX-XXXXX' of capital letters and digits without the ones that look
 * alike (0 and O, 1, I and L), accepted in any case, with or without the
 * hyphen or spaces.
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateRecoveryCodes(amount = 10): string[] {
  return Array.from({ length: amount }, () => {
    const code = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** What was typed, in the form the codes are kept: upper case, no spaces, the hyphen after five characters. */
export function canonicalRecoveryCode(typed: string): string {
  const bare = typed.replace(/[\s-]+/g, '').toUpperCase();
  return bare.length === 10 ? `${bare.slice(0, 5)}-${bare.slice(5)}` : bare;
}
