export interface Profile {
  id: string;
  nombre: string;
  apellido: string;
  especialidad: string | null;
  telefono: string | null;
  avatar_url: string | null;
}

/** The signed-in user as the web sees it: the account email plus the profile. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

export interface SessionPayload {
  user: SessionUser;
  profile: Profile;
}

export interface SystemCheck {
  check: string;
  status: 'ok' | 'repaired' | 'error';
  message: string;
}

export interface DiagnosticCheck {
  check: string;
  status: 'success' | 'warning' | 'error';
  message: string;
}
