import { lazy } from 'react';

/** The account screens of spec part 1, 2.3–2.7. */
export const LoginPage = lazy(() => import('./LoginPage'));
export const RegisterPage = lazy(() => import('./RegisterPage'));
export const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage'));
export const ResetPasswordPage = lazy(() => import('./ResetPasswordPage'));
export const ConfirmEmailPage = lazy(() => import('./ConfirmEmailPage'));
