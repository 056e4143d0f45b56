import { countMail, registerThroughForm, emailLink, expect, expectAccessible, PASSWORD, signIn, submitRegisterForm, test, uniqueEmail } from './support';

test('registro → enlace del email → dashboard', async ({ page }) => {
  await page.goto('/');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Registrarse' }).click();
  await expect(page).toHaveURL(/\/register$/);

  await page.getByRole('button', { name: 'Crear Cuenta' }).click();
  await expect(page.getByText('El nombre debe tener al menos 2 caracteres')).toBeVisible();
  await expect(page.getByText('El apellido debe tener al menos 2 caracteres')).toBeVisible();
  await expect(page.getByText('Email inválido')).toBeVisible();
  await expect(page.getByText('La contraseña debe tener al menos 12 caracteres')).toBeVisible();
  await expectAccessible(page);

  const email = uniqueEmail('registro');
  await page.getByLabel('Nombre').fill('Sofía');
  await page.getByLabel('Apellido').fill('Herrera Díaz');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Especialidad (opcional)').fill('Derecho Mercantil');
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar contraseña').fill('otra-clave');
  await page.getByRole('button', { name: 'Crear Cuenta' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear Cuenta' }).click();

  await expect(page).toHaveURL(/\/confirm-email$/);
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page);

  // Resend: the notice shows, then disappears after 5 s.
  const sent = await countMail(email, /Confirma/);
  await page.getByRole('button', { name: 'Reenviar email de confirmación' }).click();
  const notice = page.getByText('Email de confirmación reenviado exitosamente.');
  await expect(notice).toBeVisible();
  await expect(notice).toBeHidden({ timeout: 8_000 });

  const link = await emailLink(email, /Confirma/, '/confirm-email', sent);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: '¡Email confirmado!' })).toBeVisible();
  await expectAccessible(page);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6_000 });
  const footer = page.getByTestId('sidebar-user');
  await expect(footer).toContainText('Sofía Herrera Díaz');
  await expect(footer).toContainText('Derecho Mercantil');
  await expect(footer).toContainText('SH');
  await expectAccessible(page);
});

test('con la red lenta, la comprobación de sesión que salió antes de confirmar no manda al inicio de sesión', async ({ page }) => {
  const email = uniqueEmail('red-lenta');
  await page.goto('/register');
  await submitRegisterForm(page, { nombre: 'Raúl', apellido: 'Campos', email });
  const link = await emailLink(email, /Confirma/, '/confirm-email');

  // The page's first session check (sent signed out) answers only after the
  // confirmation has: the order a busy server or a slow network can give.
  let confirmationAnswered!: () => void;
  const confirmation = new Promise<void>((resolve) => (confirmationAnswered = resolve));
  page.on('response', (response) => {
    if (response.url().endsWith('/api/account/confirm-email')) confirmationAnswered();
  });
  let first = true;
  await page.route('**/api/account/session', async (route) => {
    if (!first) return route.continue();
    first = false;
    const signedOut = await route.fetch();
    await confirmation;
    // The app may have given up on this request meanwhile: then there is no one to answer.
    await route.fulfill({ response: signedOut }).catch(() => undefined);
  });

  await page.goto(link);
  await page.getByRole('button', { name: 'Ir al Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar-user')).toContainText('Raúl Campos');
});

test('errores de inicio de sesión', async ({ page, browser }) => {
  await page.goto('/login');
  await expectAccessible(page);
  await page.getByLabel('Email').fill('no-es-email');
  await page.getByLabel('Contraseña', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByText('Email inválido')).toBeVisible();
  await expect(page.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();

  // Another person registers (in their own browser) while this one is on /login.
  const elsewhere = await browser.newContext();
  const { email } = await registerThroughForm(await elsewhere.newPage());
  await elsewhere.close();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('clave-equivocada');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email o contraseña incorrectos');
  await expect(page).toHaveURL(/\/login$/);

  // The show/hide toggle reveals the password.
  const password = page.getByLabel('Contraseña', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
  await expect(password).toHaveAttribute('type', 'text');

  // An account that has not confirmed its email cannot sign in yet.
  const pending = uniqueEmail('pendiente');
  const third = await browser.newContext();
  const signUp = await third.newPage();
  await signUp.goto('/register');
  await signUp.getByLabel('Nombre').fill('Luis');
  await signUp.getByLabel('Apellido').fill('Prieto');
  await signUp.getByLabel('Email').fill(pending);
  await signUp.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await signUp.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Crear Cuenta' }).click();
  await expect(signUp).toHaveURL(/\/confirm-email$/);
  await third.close();
  await page.getByLabel('Email').fill(pending);
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('alert')).toContainText('Debes confirmar tu email antes de iniciar sesión');

  // The connection drops as the form is sent: a Spanish sentence, never the browser's 'Failed to fetch', and nothing typed is lost.
  await page.route('**/api/account/sign-in', (route) => route.abort('internetdisconnected'), { times: 1 });
  await page.getByLabel('Email').fill(email);
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error inesperado al iniciar sesión');
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('olvidé mi contraseña → enlace → nueva contraseña; la anterior ya no sirve', async ({ page, browser }) => {
  const other = await browser.newContext();
  const { email } = await registerThroughForm(await other.newPage(), { nombre: 'Andrés', apellido: 'Solís' });
  await other.close();

  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);
  await page.getByLabel('Email').fill(uniqueEmail('desconocido'));
  await page.getByRole('button', { name: 'Enviar enlace de recuperación' }).click();
  await expect(page.getByText('No se encontró una cuenta con ese email')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace de recuperación' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa tu email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('El enlace expira en 1 hora', { exact: false })).toBeVisible();
  await expectAccessible(page);

  const link = await emailLink(email, /Restablece/, '/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Nueva Contraseña' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Nueva contraseña').fill('nueva-clave-1');
  await page.getByLabel('Confirmar contraseña').fill('nueva-clave-2');
  await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByLabel('Confirmar contraseña').fill('nueva-clave-1');
  await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(page.getByRole('heading', { name: '¡Contraseña actualizada!' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6_000 });

  // The link works only once.
  await page.goto(link);
  await expect(page.getByText('Sesión inválida. Solicita un nuevo enlace de recuperación.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Solicitar nuevo enlace' })).toHaveAttribute('href', '/forgot-password');

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email o contraseña incorrectos');
  await signIn(page, email, 'nueva-clave-1');
});
