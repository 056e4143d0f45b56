import { casoMensajesApi, portalApi } from '@bufete/shared/api/portal';
import { portalPagosApi } from '@bufete/shared/api/pagos-en-linea';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, upload } from '@/lib/api';

export const portalKeys = {
  all: ['portal'] as const,
  session: ['portal', 'sesion'] as const,
  cases: ['portal', 'casos'] as const,
  case: (id: string) => ['portal', 'casos', id] as const,
  invoices: ['portal', 'facturas'] as const,
  payment: (id: string) => ['portal', 'pagos', id] as const,
};

/** 'Pagar': the provider's page for the invoice's balance (the browser goes there). */
export function usePayInvoice() {
  return useMutation({ mutationFn: async (facturaId: string) => (await call(portalPagosApi.start, { params: { id: facturaId } })).url });
}

/** How long the return page keeps asking while the provider has not confirmed (then the webhook settles it on its own). */
const CONFIRMING_MS = 2 * 60 * 1000;

/** A payment on the page the provider sends the client back to: asked again every few seconds while it is not settled, for two minutes. */
export function usePortalPayment(id: string) {
  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLong(true), CONFIRMING_MS);
    return () => clearTimeout(timer);
  }, []);
  const query = useQuery({
    queryKey: portalKeys.payment(id),
    queryFn: async ({ signal }) => (await call(portalPagosApi.get, { params: { id }, signal })).pago,
    refetchInterval: (current) => (current.state.data?.estado === 'abierto' && !waitedLong ? 3000 : false),
  });
  return { ...query, waitedLong };
}

/** Who is signed in to the portal; a 401 (no portal session) is an answer here, not a failure to retry. */
export function usePortalSession() {
  return useQuery({ queryKey: portalKeys.session, queryFn: ({ signal }) => call(portalApi.session, { signal }), retry: false });
}

export function usePortalCases(enabled: boolean) {
  return useQuery({ queryKey: portalKeys.cases, queryFn: async ({ signal }) => (await call(portalApi.cases, { signal })).items, enabled });
}

export function usePortalCase(id: string) {
  return useQuery({ queryKey: portalKeys.case(id), queryFn: ({ signal }) => call(portalApi.caseDetail, { params: { id }, signal }) });
}

export function usePortalInvoices(enabled: boolean) {
  return useQuery({ queryKey: portalKeys.invoices, queryFn: ({ signal }) => call(portalApi.invoices, { signal }), enabled });
}

/** 'Enviarme un enlace'. */
export function useRequestLink() {
  return useMutation({ mutationFn: async (email: string) => (await call(portalApi.requestLink, { body: { email } })).message });
}

/** 'Entrar con contraseña': a session as the link gives one. */
export function usePortalPasswordSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; contrasena: string }) => call(portalApi.signInWithPassword, { body }),
    onSuccess: (session) => {
      // The page stays: its session query (a 401 until now) takes the answer; anything else of an earlier session goes.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'portal' && query.queryKey[1] !== 'sesion' });
      queryClient.setQueryData(portalKeys.session, session);
    },
  });
}

/** 'Guardar contraseña' (optional). */
export function useSetPortalPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (contrasena: string) => (await call(portalApi.setPassword, { body: { contrasena } })).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.session }),
  });
}

/** The link opened: its token for a session. */
export function usePortalSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(portalApi.signIn, { body: { token } }),
    onSuccess: (session) => {
      queryClient.removeQueries({ queryKey: portalKeys.all });
      queryClient.setQueryData(portalKeys.session, session);
    },
  });
}

export function usePortalSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(portalApi.signOut),
    onSettled: () => queryClient.removeQueries({ queryKey: portalKeys.all }),
  });
}

/** 'Enviar a mi abogado': a document to one of the client's cases. */
export function usePortalUpload(casoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => upload(portalApi.upload, { params: { id: casoId }, fields: {}, file }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.case(casoId) }),
  });
}

/** A case's messages, for the side that asks (the client from the portal, the lawyer from the case). */
export function useMessages(side: 'cliente' | 'abogado', casoId: string) {
  return useQuery({
    queryKey: ['portal', 'mensajes', side, casoId],
    queryFn: async ({ signal }) =>
      (side === 'cliente' ? await call(portalApi.messages, { params: { id: casoId }, signal }) : await call(casoMensajesApi.list, { params: { id: casoId }, signal })).items,
  });
}

export function useSendMessage(side: 'cliente' | 'abogado', casoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (texto: string) =>
      (side === 'cliente'
        ? await call(portalApi.sendMessage, { params: { id: casoId }, body: { texto } })
        : await call(casoMensajesApi.send, { params: { id: casoId }, body: { texto } })
      ).mensaje,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portal', 'mensajes', side, casoId] }),
  });
}
