import type { Portable } from '../../db/portable';

/** Nothing of the account's own goes: failed sign-ins are a guard of this installation, a closure is undone by signing in. */
export const accountPortable: Portable = {
  exported: [],
  leftOut: {
    sign_in_failures: 'failed sign-ins, a guard of this installation',
    cuentas_cierre: "the account's closure, undone by signing in",
  },
};
