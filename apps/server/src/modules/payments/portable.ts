import type { Portable } from '../../db/portable';

/** Keys and checkouts of an account with a provider stay with the installation that opened them; the invoices' payments they became go with the invoices. */
export const paymentsPortable: Portable = {
  exported: [],
  leftOut: {
    pagos_cuentas: 'the lawyer’s Stripe keys, sealed with this installation’s secret: they are saved again in the new account',
    pagos_en_linea: 'checkouts opened with the provider from this installation; the payments they recorded are the invoices’ (exported with them)',
  },
};
