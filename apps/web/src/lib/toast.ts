import type { ExternalToast } from 'sonner';

type Kind = 'success' | 'error' | 'info';

// sonner (~9 KB compressed) is not needed to draw any screen: it loads the
// first time something is said (or after the page has loaded, with its
// Toaster: app/toaster.tsx). A message said before it arrives is shown once
// it has: sonner keeps the toasts raised before its Toaster subscribes.
const say =
  (kind: Kind) =>
  (message: string, options?: ExternalToast): void => {
    void import('sonner').then(({ toast }) => toast[kind](message, options));
  };

/** The app's notices (bottom right): the one way a screen says that something happened. */
export const toast = { success: say('success'), error: say('error'), info: say('info') };
