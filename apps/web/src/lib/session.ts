import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionPayload } from '@bufete/shared/account';
import type { Profile } from '@bufete/shared/profile';
import { accountApi } from '@bufete/shared/api/account';
import { DEFAULT_TIME_ZONE, todayIn } from '@bufete/shared/dates';
import { alcanza, type Area, permisoDe, ROL_NOMBRE } from '@bufete/shared/values/equipo';
import { call } from '@/lib/api';

export const sessionQueryKey = ['session'] as const;

const sessionQuery = {
  queryKey: sessionQueryKey,
  queryFn: async () => (await call(accountApi.session)).session,
  staleTime: 60_000,
};

/**
 * Asks for the session as the app starts, on every page. The pages name this
 * request as a preload (apps/web/prerender.ts): it is taken here, at once, so
 * a preloaded answer can never be handed to a later check (after signing in,
 * say) that needs a fresh one.
 */
export function prefetchSession(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(sessionQuery);
}

/**
 * Who is signed in, drawn as the top bar and the menu draw a lawyer: in their
 * own despacho its profile; in someone else's, their own name and their role
 * there (the despacho's photo and specialty are its titular's, not theirs).
 */
export function personOf(session: SessionPayload | null): Profile | null {
  if (!session) return null;
  if (session.despacho.rol === 'titular') return session.profile;
  return { ...session.profile, ...session.persona, avatar_url: null, especialidad: ROL_NOMBRE[session.despacho.rol] };
}

/** The signed-in user and profile, or null; `loading` is true until the first check ends. */
export function useSession() {
  const query = useQuery(sessionQuery);
  return { session: query.data ?? null, loading: query.isPending };
}

/**
 * What the person's role reaches in this despacho: menus, tabs and buttons
 * follow it (the server refuses the rest anyway, and keeps a pasante's lists
 * to their cases). Everything while the session loads: nothing is shown
 * before it is known but the page's own loading state.
 */
export function useAlcance() {
  const despacho = useSession().session?.despacho;
  return {
    area: (area: Area) => !despacho || alcanza(permisoDe(despacho, area)),
    /** A pasante works on the cases assigned to them: they do not change the case itself, its images, or search the despacho. */
    soloSusCasos: despacho?.rol === 'pasante',
  };
}

/**
 * Re-reads the session after sign-in, sign-out, confirmation or reset. A read
 * still in flight (the page's first check, sent before the sign-in) is
 * cancelled first: react-query hands a refetch the in-flight promise when the
 * query has no data yet, and that older answer says 'signed out'.
 */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return async () => {
    if (queryClient.getQueryData(sessionQueryKey) === undefined) await queryClient.cancelQueries({ queryKey: sessionQueryKey });
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    await queryClient.refetchQueries({ queryKey: sessionQueryKey });
  };
}

/**
 * Signs out and loads the landing page afresh. A full page load, not a
 * client-side navigation: nothing of that lawyer's records stays in memory,
 * and no guard can race the cleared session (the protected layout would
 * otherwise redirect to /login while the app navigates to /).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    await call(accountApi.signOut);
    queryClient.clear();
    window.location.replace('/');
  };
}

/**
 * Every place that shows the profile reads the session query: updating it
 * updates them all. A session read still in flight started before this save,
 * so its answer is older: it is cancelled rather than allowed to land on top.
 */
export function useSetProfile() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    void queryClient.cancelQueries({ queryKey: sessionQueryKey });
    queryClient.setQueryData<SessionPayload | null>(sessionQueryKey, (session) => (session ? { ...session, profile } : session));
  };
}

/** The lawyer's time zone (Preferencias), or Mexico City's while the session loads. */
export function useTimeZone(): string {
  return useSession().session?.profile.zona_horaria ?? DEFAULT_TIME_ZONE;
}

/** The lawyer's clock: their time zone, and today (YYYY-MM-DD) in it, which due dates are counted from. */
export function useClock(): { timeZone: string; today: string } {
  const timeZone = useTimeZone();
  return { timeZone, today: todayIn(timeZone) };
}
