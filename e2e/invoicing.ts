import path from 'node:path';
import { todayIn } from '@bufete/shared/dates';
import type { Page } from '@playwright/test';
import { expect } from './support';

/** What the journeys about invoices share: the lawyer's today, days as typed, and the screens' forms. */
export const today = () => todayIn('America/Mexico_City');
export const typed = (day: string) => day.split('-').reverse().join('/');
export const CFDI_FIXTURES = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/cfdi');

/** 'Nueva Factura' filled in (not submitted): a typed amount, or rate × hours. */
export async function newInvoice(page: Page, fields: { concepto: string; tarifa?: string; horas?: string; monto?: string; cliente?: string }) {
  await page.getByRole('button', { name: 'Nueva Factura' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear Nueva Factura' });
  await expect(dialog.getByLabel('Fecha de emisión *')).toHaveValue(typed(today()));
  if (fields.cliente) await dialog.getByLabel('Cliente', { exact: true }).selectOption({ label: fields.cliente });
  await dialog.getByLabel('Concepto *').fill(fields.concepto);
  if (fields.monto) {
    await dialog.getByLabel('Calcular automáticamente (tarifa × horas)').uncheck();
    await dialog.getByLabel(/^(Monto total|Subtotal)$/).fill(fields.monto);
  } else {
    await dialog.getByLabel('Tarifa por hora').fill(fields.tarifa!);
    await dialog.getByLabel('Horas trabajadas').fill(fields.horas!);
  }
  return dialog;
}

/**
 * Configuración → Perfil: the lawyer's Datos fiscales and CSD (the SAT's test
 * CSD of a persona física), then a company client with the fiscal data a
 * CFDI needs, all through the screens.
 */
export async function readyToInvoiceACompany(page: Page, options: { clientEmail?: string } = {}) {
  await page.goto('/configuracion');
  await page.getByLabel('RFC').fill('CACX7605101P8');
  await page.getByLabel('Régimen fiscal').selectOption('612');
  await page.getByLabel('Código postal de expedición').fill('06600');
  await page.getByLabel('Serie de tus facturas').fill('hon');
  await page.getByRole('button', { name: 'Guardar datos fiscales' }).click();
  await expect(page.getByText('Datos fiscales guardados')).toBeVisible();
  const card = page.getByTestId('csd-card');
  await card.getByLabel('Certificado (.cer)').setInputFiles(path.join(CFDI_FIXTURES, 'csd/CACX7605101P8.cer'));
  await card.getByLabel('Llave privada (.key)').setInputFiles(path.join(CFDI_FIXTURES, 'csd/CACX7605101P8.key'));
  await card.getByLabel('Contraseña de la llave privada').fill('12345678a');
  await card.getByRole('button', { name: 'Guardar CSD' }).click();
  await expect(card.getByText('30001000000500003316')).toBeVisible();

  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
  const client = page.getByRole('dialog', { name: 'Crear nuevo cliente' });
  await client.getByLabel('Nombre *').fill('Escuela Kemper');
  if (options.clientEmail) await client.getByLabel('Email').fill(options.clientEmail);
  await client.getByText('Datos fiscales (opcional)').click();
  await client.getByLabel('RFC').fill('EKU9003173C9');
  await client.getByLabel('Código postal fiscal').fill('42501');
  await client.getByLabel('Razón social').fill('ESCUELA KEMPER URGATE');
  await client.getByLabel('Régimen fiscal').selectOption('601');
  await client.getByRole('button', { name: 'Crear Cliente' }).click();
  await expect(client).toBeHidden();
}
