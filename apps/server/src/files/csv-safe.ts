/** A spreadsheet must never run what a client typed: a leading =, +, -, @, tab or CR is made text. */
export function csvSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
