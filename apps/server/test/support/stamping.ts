import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cfdiApi, clientesApi, facturasApi, profileApi } from '@bufete/shared';
import { expect } from 'vitest';
import type { HttpClient } from './http-client';

/** The SAT's test CSD (CACX7605101P8), in base64 as the upload sends it. */
export const fixture = (file: string) => readFileSync(path.resolve(import.meta.dirname, `../fixtures/cfdi/csd/${file}`)).toString('base64');

/** A lawyer (persona física, honorarios) with Datos fiscales and CSD, and a company client with its fiscal data. */
export async function lawyerReadyToStamp(client: HttpClient) {
  expect((await client.call(profileApi.update, { body: { rfc: 'CACX7605101P8', regimen_fiscal: '612', codigo_postal_expedicion: '06600', serie_cfdi: 'HON' } })).status).toBe(200);
  expect((await client.call(cfdiApi.saveCsd, { body: { cer: fixture('CACX7605101P8.cer'), key: fixture('CACX7605101P8.key'), password: '12345678a' } })).status).toBe(200);
  const cliente = (
    await client.call(clientesApi.create, {
      body: {
        nombre: 'Escuela Kemper',
        email: 'contabilidad@kemper.mx',
        rfc: 'EKU9003173C9',
        razon_social: 'ESCUELA KEMPER URGATE',
        codigo_postal: '42501',
        regimen_fiscal: '601',
        uso_cfdi: 'G03',
      },
    })
  ).json.cliente;
  return { cliente };
}

export async function invoiceFor(client: HttpClient, clienteId: string, monto = '10000') {
  const res = await client.call(facturasApi.create, {
    body: {
      concepto: 'Honorarios: amparo indirecto',
      fecha_emision: '2026-11-20',
      calculo_automatico: false,
      monto,
      cliente_id: clienteId,
      impuestos: { iva: true, retencion: '612' },
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.factura as { id: string; numero_factura: string };
}
