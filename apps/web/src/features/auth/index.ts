import { lazyWithPreload } from '@/lib/lazy';

/** The account screens of spec part 1, 2.3–2.7. */
export const LoginPage = lazyWithPreload(() => import('./LoginPage'));
export const RegisterPage = lazyWithPreload(() => import('./RegisterPage'));
export const ForgotPasswordPage = lazyWithPreload(() => import('./ForgotPasswordPage'));
export const ResetPasswordPage = lazyWithPreload(() => import('./ResetPasswordPage'));
export const ConfirmEmailPage = lazyWithPreload(() => import('./ConfirmEmailPage'));
export const TwoFactorPage = lazyWithPreload(() => import('./TwoFactorPage'));
