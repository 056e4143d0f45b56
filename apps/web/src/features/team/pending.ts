/**
 * An invitation opened while signed out: kept in this browser until the
 * person has an account and signs in, then the app takes them back to it.
 * Only the token the link carried, in this browser (the confirmation email opens another tab).
 */
const KEY = 'bufete.invitacion';

export function keepPendingInvitation(token: string) {
  try {
    localStorage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode): the emailed link still works once signed in.
  }
}

export function takePendingInvitation(): string | null {
  try {
    const token = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    return token;
  } catch {
    return null;
  }
}
