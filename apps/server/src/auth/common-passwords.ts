import { readFileSync } from 'node:fs';
import { COMMON_PASSWORDS_FILE } from '../paths';

let list: Set<string> | undefined;

/** The shipped list (common-passwords.txt: its source is in its header), read on first use. */
function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
  );
  return list;
}

/**
 * Whether a new password is one people commonly choose: in the shipped list
 * (leaked-password lists' entries of 12+ characters, and common Spanish ones),
 * or one short unit repeated ('abcabcabcabc', '111111111111'). Its length is
 * the schema's to check; this catches long passwords that are still guessed
 * first.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return true;
  return /^(.{1,3})\1+$/u.test(lower);
}
