/** The email of a registration awaiting confirmation, kept for the resend button. */
const PENDING_EMAIL_KEY = 'bufete.pendingConfirmationEmail';
export const pendingEmail = {
  get: () => sessionStorage.getItem(PENDING_EMAIL_KEY),
  set: (email: string) => sessionStorage.setItem(PENDING_EMAIL_KEY, email),
  clear: () => sessionStorage.removeItem(PENDING_EMAIL_KEY),
};
