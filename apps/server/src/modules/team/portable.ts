import type { Portable } from '../../db/portable';

/**
 * The team stays with this installation for now: its people are accounts of
 * this installation (each with their own password and second factor, which
 * never leave it), so an import elsewhere could not sign them in. The zip
 * carrying who they were and their roles is pending (issue 46).
 */
export const teamPortable: Portable = {
  exported: [],
  leftOut: {
    despacho_miembros: "the despacho's people are accounts of this installation, with their own sign-in",
    despacho_invitaciones: 'an invitation is a single-use link of this installation, valid for 7 days',
    sesion_despacho: 'which despacho a session of this installation works in',
  },
};
