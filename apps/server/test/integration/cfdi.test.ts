import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { cfdiApi, clientesApi, facturasApi, facturasCfdiApi, MSG, profileApi } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { backendsToTest } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';

const backends = await backendsToTest();
const csdOf = (rfc: string) =>
  Object.fromEntries(['cer', 'key'].map((ext) => [ext, readFileSync(path.resolve(import.meta.dirname, `../fixtures/cfdi/csd/${rfc}.${ext}`)).toString('base64')])) as {
    cer: string;
    key: string;
  };
const moral = csdOf('EKU9003173C9');
const fisica = csdOf('CACX7605101P8');
const PASSWORD = '12345678a';
const SAT = path.resolve(import.meta.dirname, '../fixtures/cfdi/sat/www.sat.gob.mx/sitio_internet/cfd');
const work = mkdtempSync(path.join(tmpdir(), 'bufete-cfdi-xml-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`CFDI: el CSD del abogado (${label})`, () => {
    const suite = serverWithTwoLawyers({ backend });

    it('keeps where invoices are issued and their serie in Datos fiscales, checked as the SAT writes them', async () => {
      const bad = await suite.bob.call(profileApi.update, { body: { codigo_postal_expedicion: '123', serie_cfdi: 'A B' } });
      expect(bad.status).toBe(400);
      expect(bad.json.error.message).toBe(MSG.fiscal.codigoPostalInvalido);
      expect((await suite.bob.call(profileApi.update, { body: { serie_cfdi: 'a|b' } })).json.error.message).toBe(MSG.fiscal.serieInvalida);
      const saved = await suite.bob.call(profileApi.update, { body: { codigo_postal_expedicion: '06600', serie_cfdi: 'hon' } });
      expect(saved.json.profile).toMatchObject({ codigo_postal_expedicion: '06600', serie_cfdi: 'HON' });
      expect((await suite.bob.call(profileApi.update, { body: { serie_cfdi: '' } })).json.profile.serie_cfdi).toBeNull();
    });

    it('asks for the RFC in Datos fiscales first, then refuses in Spanish a wrong password or another RFC’s CSD', async () => {
      const noRfc = await suite.alice.call(cfdiApi.saveCsd, { body: { ...moral, password: PASSWORD } });
      expect(noRfc.status).toBe(400);
      expect(noRfc.json.error).toMatchObject({ message: MSG.cfdi.sinRfc, field: 'cer' });
      expect((await suite.alice.call(profileApi.update, { body: { rfc: 'EKU9003173C9' } })).status).toBe(200);

      const wrongPassword = await suite.alice.call(cfdiApi.saveCsd, { body: { ...moral, password: 'otra' } });
      expect(wrongPassword.status).toBe(400);
      expect(wrongPassword.json.error).toMatchObject({ message: MSG.cfdi.llaveOPasswordIncorrecta, field: 'password' });
      const otherRfc = await suite.alice.call(cfdiApi.saveCsd, { body: { ...fisica, password: PASSWORD } });
      expect(otherRfc.status).toBe(400);
      expect(otherRfc.json.error.message).toBe(MSG.cfdi.rfcDistinto('CACX7605101P8', 'EKU9003173C9'));
      const notBase64 = await suite.alice.call(cfdiApi.saveCsd, { body: { cer: 'no es base64 ¿?', key: moral.key, password: PASSWORD } });
      expect(notBase64.status).toBe(400);
      expect(notBase64.json.error.message).toBe(MSG.cfdi.cerInvalido);
      const huge = await suite.alice.call(cfdiApi.saveCsd, { body: { cer: 'A'.repeat(20_000), key: moral.key, password: PASSWORD } });
      expect(huge.status).toBe(400);
      expect((await suite.alice.call(cfdiApi.csd)).json.csd).toBeNull();
    });

    it('keeps the CSD with its key and password sealed: shown without them, to its owner only, replaced and removed', async () => {
      const saved = await suite.alice.call(cfdiApi.saveCsd, { body: { ...moral, password: PASSWORD } });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.json.csd).toMatchObject({
        rfc: 'EKU9003173C9',
        nombre: 'ESCUELA KEMPER URGATE SA DE CV',
        no_certificado: '30001000000500003416',
        vigente_desde: '2023-05-18T11:43:51.000Z',
        vigente_hasta: '2027-05-18T11:43:51.000Z',
      });
      // Nothing of the key or its password travels back, nor lies in the database as given.
      for (const text of [saved.text, (await suite.alice.call(cfdiApi.csd)).text]) {
        expect(text).not.toContain(PASSWORD);
        expect(text).not.toContain(moral.key.slice(0, 40));
      }
      const [stored] = rowsOf<{ llave_sellada: string }>(await suite.ts.server.database.db.execute(sql`select llave_sellada from cfdi_csd`));
      expect(stored!.llave_sellada.startsWith('v1.')).toBe(true);
      expect(stored!.llave_sellada).not.toContain(PASSWORD);
      expect(stored!.llave_sellada).not.toContain(moral.key.slice(0, 40));

      // Another lawyer sees none and removes nothing of it.
      expect((await suite.bob.call(cfdiApi.csd)).json.csd).toBeNull();
      expect((await suite.bob.call(cfdiApi.deleteCsd)).status).toBe(200);
      expect((await suite.alice.call(cfdiApi.csd)).json.csd.rfc).toBe('EKU9003173C9');

      // Uploading again replaces it (one per lawyer); deleting removes it.
      const again = await suite.alice.call(cfdiApi.saveCsd, { body: { ...moral, password: PASSWORD } });
      expect(Date.parse(again.json.csd.updated_at)).toBeGreaterThanOrEqual(Date.parse(saved.json.csd.updated_at));
      expect(rowsOf(await suite.ts.server.database.db.execute(sql`select count(*)::int as n from cfdi_csd`))).toEqual([{ n: 1 }]);
      expect((await suite.alice.call(cfdiApi.deleteCsd)).status).toBe(200);
      expect((await suite.alice.call(cfdiApi.csd)).json.csd).toBeNull();
    });

    it('gives an invoice as a CFDI sealed with the CSD, not stamped, valid for the SAT’s XSD and XSLT; says what is missing first', async () => {
      const bob = suite.bob;
      expect((await bob.call(profileApi.update, { body: { rfc: 'CACX7605101P8', regimen_fiscal: '612', codigo_postal_expedicion: '06600', serie_cfdi: 'HON' } })).status).toBe(200);
      const sinCliente = (await bob.call(facturasApi.create, { body: { concepto: 'Asesoría', fecha_emision: '2026-11-20', calculo_automatico: false, monto: '500' } })).json
        .factura;
      expect((await bob.call(facturasCfdiApi.sealedXml, { params: { id: sinCliente.id } })).json.error.message).toBe(MSG.cfdi.sinCliente);

      const cliente = (await bob.call(clientesApi.create, { body: { nombre: 'Escuela Kemper', rfc: 'EKU9003173C9', regimen_fiscal: '601', uso_cfdi: 'G03' } })).json.cliente;
      const body = {
        concepto: 'Honorarios: amparo indirecto',
        fecha_emision: '2026-11-20',
        calculo_automatico: false,
        monto: '10000',
        cliente_id: cliente.id,
        impuestos: { iva: true, retencion: '612' },
      };
      const factura = (await bob.call(facturasApi.create, { body })).json.factura;
      const incompleto = await bob.call(facturasCfdiApi.sealedXml, { params: { id: factura.id } });
      expect(incompleto.status).toBe(400);
      expect(incompleto.json.error.message).toBe(MSG.cfdi.receptorIncompleto('razón social, código postal'));
      await bob.call(clientesApi.update, {
        params: { id: cliente.id },
        body: { nombre: 'Escuela Kemper', rfc: 'EKU9003173C9', razon_social: 'ESCUELA KEMPER URGATE', codigo_postal: '42501', regimen_fiscal: '601', uso_cfdi: 'G03' },
      });
      expect((await bob.call(facturasCfdiApi.sealedXml, { params: { id: factura.id } })).json.error.message).toBe(MSG.cfdi.sinCsd);
      expect((await bob.call(cfdiApi.saveCsd, { body: { ...fisica, password: PASSWORD } })).status).toBe(200);

      // Another lawyer gets nothing of it.
      expect((await suite.alice.call(facturasCfdiApi.sealedXml, { params: { id: factura.id } })).status).toBe(404);

      // Without a PAC, stamping says so, and the sealed XML is there to check.
      const noPac = await bob.call(facturasCfdiApi.stamp, { params: { id: factura.id } });
      expect(noPac.status).toBe(409);
      expect(noPac.json.error.message).toBe(MSG.cfdi.sinPac);
      expect((await bob.call(facturasApi.get, { params: { id: factura.id } })).json).toMatchObject({ pac_configurado: false, cfdis: [] });

      const res = await bob.call(facturasCfdiApi.sealedXml, { params: { id: factura.id } });
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/xml');
      const xml = res.text;
      // One number everywhere: the invoice's, as the screen, the receipt and the CSV show it.
      expect(factura.numero_factura).toBe('HON-0002');
      for (const attribute of [
        'Serie="HON"',
        'Folio="0002"',
        'MetodoPago="PPD"',
        'FormaPago="99"',
        'LugarExpedicion="06600"',
        'Rfc="CACX7605101P8"',
        'Nombre="XOCHILT CASAS CHAVEZ"',
        'RegimenFiscal="612"',
        'UsoCFDI="G03"',
        'SubTotal="10000.00"',
        'Total="9533.33"',
      ]) {
        expect(xml).toContain(attribute);
      }
      // The amounts are the invoice's.
      expect(factura.monto_total).toBe('9533.33');
      const file = path.join(work, `${backend}.xml`);
      writeFileSync(file, xml);
      execFileSync('xmllint', ['--noout', '--schema', path.join(SAT, '4/cfdv40.xsd'), file], { stdio: 'pipe' });
      const cadena = execFileSync('xsltproc', [path.join(SAT, '4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt'), file], { stdio: ['ignore', 'pipe', 'ignore'] });
      const cer = path.join(work, `${backend}.cer`);
      writeFileSync(cer, Buffer.from(/ Certificado="([^"]+)"/.exec(xml)![1]!, 'base64'));
      const publicKey = path.join(work, `${backend}.pem`);
      writeFileSync(publicKey, execFileSync('openssl', ['x509', '-inform', 'DER', '-in', cer, '-pubkey', '-noout']));
      writeFileSync(path.join(work, `${backend}.cadena`), cadena);
      writeFileSync(path.join(work, `${backend}.sig`), Buffer.from(/ Sello="([^"]+)"/.exec(xml)![1]!, 'base64'));
      const verified = execFileSync('openssl', ['dgst', '-sha256', '-verify', publicKey, '-signature', path.join(work, `${backend}.sig`), path.join(work, `${backend}.cadena`)]);
      expect(verified.toString()).toContain('Verified OK');
    });
  });
}
