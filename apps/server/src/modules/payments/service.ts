import { createHmac } from 'node:crypto';
import type { PagoEnLinea } from '@bufete/shared';
import { centavosOf, cuentaPagosSaveSchema, dayIn, formatMXN, moneyString, MSG } from '@bufete/shared';
import type { z } from '@bufete/shared';
import type { PortalClient } from '../../auth/portal-client';
import type { Database } from '../../db/client';
import { appError, notFound } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import type { Logger } from '../../logger';
import { createSecretBox } from '../../security/secret-box';
import type { HistoryService } from '../history/service';
import type { InvoiceService } from '../invoices/service';
import type { Notice } from '../notifications/service';
import type { ProfileService } from '../profile/service';
import { type ChargeChange, type CheckoutState, KeyRefused, NotInThisAccount, type PaymentProvider, ProviderUnavailable, WebhookRefused } from './provider';
import { createPaymentQueries, type CuentaRow, type PagoRow, type PaymentQueries } from './queries';
import { createStripe, OXXO_MAX_CENTAVOS, OXXO_MIN_CENTAVOS, STRIPE_EVENTS } from './stripe';

type CuentaInput = z.output<typeof cuentaPagosSaveSchema>;

/** Where the bell takes the lawyer for an invoice: 'Facturación' searched by its number (the web has no page per invoice). */
const invoiceLink = (numero: string) => `/facturacion?q=${encodeURIComponent(numero)}`;

/** A checkout not finished is offered again for this long (a double tap, a return from the provider's page), then a new one opens. */
const REUSE_CHECKOUT_MS = 60 * 60 * 1000;

const metodoNombre = (metodo: string | null) => (metodo === 'oxxo' ? 'en OXXO' : 'con tarjeta');

/**
 * Online payments (issue 38): a lawyer's own Stripe account, 'Pagar' on the
 * portal's invoices, and the provider's signed webhook. A payment is written
 * on the invoice once, whichever arrives first — the webhook or the client's
 * browser coming back — in the transaction that moves the online payment to
 * 'pagado'; a checkout that never confirms leaves the invoice as it was.
 */
export function createPaymentService(
  db: Database,
  deps: {
    secret: string;
    appUrl: string;
    stripeApiUrl: string;
    invoices: Pick<InvoiceService, 'get' | 'recordReceivedPayment'>;
    profiles: Pick<ProfileService, 'today' | 'timeZoneOf'>;
    history: HistoryService;
    notify: (userId: string, notice: Notice) => Promise<void>;
    logger: Logger;
    limits: { checkouts: RateLimiter; checks: RateLimiter };
    /** Tests give a provider of their own clock; the server builds Stripe's from the saved keys. */
    provider?: (cuenta: { key: string; webhookSecret: string | null }) => PaymentProvider;
  },
  queries: PaymentQueries = createPaymentQueries(db),
) {
  const box = createSecretBox(deps.secret, 'online-payments');
  const providerFor =
    deps.provider ?? ((cuenta: { key: string; webhookSecret: string | null }) => createStripe({ apiUrl: deps.stripeApiUrl, key: cuenta.key, webhookSecret: cuenta.webhookSecret }));

  /** The webhook's address names the account by an id derived from the lawyer: the lawyer registers it before saving anything. */
  function webhookIdOf(userId: string): string {
    const hex = createHmac('sha256', deps.secret).update(`pagos-webhook:${userId}`).digest('hex').slice(0, 32).split('');
    hex[12] = '4';
    hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  function providerOf(cuenta: CuentaRow): PaymentProvider | null {
    const key = box.open(cuenta.claveSellada);
    if (!key) return null;
    return providerFor({ key, webhookSecret: cuenta.secretoWebhookSellado ? box.open(cuenta.secretoWebhookSellado) : null });
  }

  async function reply(userId: string, cuenta?: CuentaRow) {
    const row = cuenta ?? (await queries.account(userId));
    const webhookId = row?.id ?? webhookIdOf(userId);
    return {
      cuenta: row
        ? {
            proveedor: 'stripe' as const,
            activo: row.activo,
            modo: row.modo,
            clave_fin: row.claveFin,
            con_secreto_webhook: row.secretoWebhookSellado !== null,
            ultimo_evento_at: row.ultimoEventoAt?.toISOString() ?? null,
            updated_at: row.updatedAt.toISOString(),
          }
        : null,
      webhook_url: `${deps.appUrl}/api/pagos-en-linea/${webhookId}/webhook`,
      eventos: STRIPE_EVENTS,
    };
  }

  function toPago(row: PagoRow, numero: string): PagoEnLinea {
    return {
      id: row.id,
      estado: row.estado,
      metodo: row.metodo === 'card' || row.metodo === 'oxxo' ? row.metodo : null,
      monto: moneyString(centavosOf(row.monto) ?? 0),
      factura: { id: row.facturaId, numero_factura: numero },
      ficha_url: row.fichaUrl,
      ficha_vence: row.fichaVence?.toISOString() ?? null,
    };
  }

  /** An OXXO voucher still payable: a second checkout could be paid on top of it. */
  const voucherWaiting = (row: PagoRow, now: Date) => row.estado === 'en_espera' && (!row.fichaVence || row.fichaVence > now);

  /**
   * Moves a payment to where the provider says it stands, forward only
   * (a replayed or late event changes nothing), and writes the invoice's
   * payment when it is paid: once, in the same transaction.
   */
  async function apply(userId: string, pagoId: string, state: CheckoutState): Promise<void> {
    if (state.resultado === 'abierto') return;
    if (state.moneda !== 'mxn') {
      deps.logger.warn(`pago en línea ${pagoId} en otra moneda (${state.moneda}): no se registra`);
      return;
    }
    const today = await deps.profiles.today(userId);
    let after: (() => Promise<void>) | null = null;
    let notice: Notice | null = null;
    await db.transaction(async (tx) => {
      const row = await queries.lock(tx, userId, pagoId);
      if (!row || row.sesionExterna !== state.id) return;
      if (row.estado !== 'abierto' && row.estado !== 'en_espera') return;
      if (state.resultado === 'en_espera') {
        if (row.estado === 'abierto')
          await queries.move(tx, row.id, { estado: 'en_espera', metodo: 'oxxo', fichaUrl: state.ficha?.url ?? null, fichaVence: state.ficha?.vence ?? null });
        return;
      }
      if (state.resultado === 'fallido' || state.resultado === 'expirado') {
        await queries.move(tx, row.id, { estado: state.resultado });
        return;
      }
      const recorded = await deps.invoices.recordReceivedPayment(tx, userId, row.facturaId, {
        centavos: state.centavos,
        fecha: today,
        forma: state.forma ?? '04',
        como: `en línea ${metodoNombre(state.metodo)}`,
      });
      await queries.move(tx, row.id, { estado: 'pagado', metodo: state.metodo, pagoId: recorded.pagoId, aplicado: recorded.registrado, intentoExterno: state.intento });
      after = recorded.afterCommit;
      const numero = recorded.numero ?? '';
      notice = recorded.registrado
        ? {
            tipo: 'portal',
            titulo: `Pago en línea de ${formatMXN(state.centavos)} recibido`,
            detalle: `${metodoNombre(state.metodo)[0]!.toUpperCase()}${metodoNombre(state.metodo).slice(1)}, en ${numero}`,
            enlace: invoiceLink(numero),
            clave: `pago-en-linea:${row.id}`,
          }
        : {
            tipo: 'portal',
            titulo: `Pago en línea de ${formatMXN(state.centavos)} sin aplicar`,
            detalle: `${numero} ya estaba pagada o cancelada: revisa el pago en Stripe y devuélvelo si corresponde.`,
            enlace: invoiceLink(numero),
            clave: `pago-en-linea:${row.id}`,
          };
    });
    if (notice) await deps.notify(userId, notice);
    if (after) await (after as () => Promise<void>)();
  }

  /**
   * A refund or a dispute of a paid online payment (made at the provider, by the
   * lawyer or the client's bank). Recorded on the payment, in the invoice's
   * history and on the bell, once per change. The invoice's recorded payment is
   * left as it is: giving money back after a CFDI was stamped takes a credit note
   * (devolución) or a complement cancelled, which is the lawyer's call.
   */
  async function changed(userId: string, cargo: ChargeChange): Promise<void> {
    if (cargo.moneda !== 'mxn') return;
    const found = await queries.byIntent(userId, cargo.intento);
    if (!found) {
      deps.logger.info('reembolso o disputa de Stripe de un pago que Bufete no registró: ignorado');
      return;
    }
    // Read before the transaction: PGlite has one connection, and the transaction holds it.
    const zone = await deps.profiles.timeZoneOf(userId);
    const { numero_factura: numero } = await deps.invoices.get(userId, found.facturaId);
    let notice: Notice | null = null;
    await db.transaction(async (tx) => {
      // Locked: two deliveries of one change (Stripe retries) record it once.
      const row = await queries.lock(tx, userId, found.id);
      if (!row) return;
      const enlace = invoiceLink(numero);
      const pagado = formatMXN(centavosOf(row.monto) ?? 0);
      const before = centavosOf(row.reembolsado) ?? 0;
      if (cargo.reembolsadoCentavos !== null && cargo.reembolsadoCentavos > before) {
        const reembolsado = moneyString(cargo.reembolsadoCentavos);
        await queries.move(tx, row.id, { reembolsado });
        const resumen = `Stripe devolvió ${formatMXN(cargo.reembolsadoCentavos - before)} del pago en línea de ${pagado} de ${numero} (devuelto en total: ${formatMXN(cargo.reembolsadoCentavos)}); el pago registrado en la factura no cambió`;
        await deps.history.record(tx, userId, { accion: 'editar', entidad: 'factura', entidadId: row.facturaId, resumen });
        notice = {
          tipo: 'portal',
          titulo: `Stripe devolvió ${formatMXN(cargo.reembolsadoCentavos - before)} de un pago en línea`,
          detalle: `${numero}: Bufete no cambió el pago registrado. Ajústalo y, si la factura está timbrada, emite una nota de crédito (devolución).`,
          enlace,
          clave: `pago-reembolso:${row.id}:${cargo.reembolsadoCentavos}`,
        };
      }
      if (cargo.disputa && cargo.disputa.estado !== row.disputa) {
        const { estado, centavos, vence } = cargo.disputa;
        await queries.move(tx, row.id, { disputa: estado });
        const monto = formatMXN(centavos);
        const plazo = vence ? ` Responde en Stripe a más tardar el ${dayIn(vence, zone).split('-').reverse().join('/')}.` : '';
        const titulo =
          estado === 'abierta'
            ? `Disputa de un pago en línea de ${monto}`
            : estado === 'ganada'
              ? `Disputa ganada: el pago en línea de ${monto} se queda`
              : `Disputa perdida: el banco devolvió ${monto} al cliente`;
        const detalle =
          estado === 'abierta'
            ? `${numero}: el banco del cliente disputa el cargo.${plazo}`
            : estado === 'ganada'
              ? `${numero}: no hay nada que ajustar.`
              : `${numero}: Bufete no cambió el pago registrado. Ajústalo y, si la factura está timbrada, emite una nota de crédito.`;
        await deps.history.record(tx, userId, { accion: 'editar', entidad: 'factura', entidadId: row.facturaId, resumen: `${titulo} (${numero})` });
        notice = { tipo: 'portal', titulo, detalle, enlace, clave: `pago-disputa:${row.id}:${estado}` };
      }
    });
    if (notice) await deps.notify(userId, notice);
  }

  return {
    account: (userId: string) => reply(userId),

    /** 'Guardar': a new key is checked with the provider first; blank secrets keep the saved ones; switching on needs both. */
    async saveAccount(userId: string, input: CuentaInput) {
      const saved = await queries.account(userId);
      if (!input.clave_secreta && !saved) throw appError('VALIDATION_ERROR', MSG.pagos.claveObligatoria, 'clave_secreta');
      const key = input.clave_secreta || (saved ? box.open(saved.claveSellada) : null);
      if (!key) throw appError('VALIDATION_ERROR', MSG.pagos.claveObligatoria, 'clave_secreta');
      const secretoSellado = input.secreto_webhook ? box.seal(input.secreto_webhook) : (saved?.secretoWebhookSellado ?? null);
      if (input.activo && !secretoSellado) throw appError('VALIDATION_ERROR', MSG.pagos.secretoObligatorio, 'secreto_webhook');
      if (input.clave_secreta) {
        try {
          await providerFor({ key, webhookSecret: null }).checkKey();
        } catch (error) {
          if (error instanceof KeyRefused) throw appError('VALIDATION_ERROR', MSG.pagos.claveRechazada, 'clave_secreta');
          throw appError('PAYMENT_PROVIDER_FAILED');
        }
      }
      const row = {
        id: saved?.id ?? webhookIdOf(userId),
        userId,
        proveedor: 'stripe' as const,
        activo: input.activo,
        claveSellada: input.clave_secreta ? box.seal(key) : saved!.claveSellada,
        claveFin: key.slice(-4),
        modo: key.includes('_live_') ? ('produccion' as const) : ('pruebas' as const),
        secretoWebhookSellado: secretoSellado,
      };
      await db.transaction(async (tx) => {
        await queries.saveAccount(row, tx);
        const resumen = `Pagos en línea (Stripe, ${row.modo === 'produccion' ? 'producción' : 'pruebas'}, clave …${row.claveFin}): ${row.activo ? 'activos' : 'desactivados'}`;
        await deps.history.record(tx, userId, { accion: saved ? 'editar' : 'crear', entidad: 'cuenta', resumen });
      });
      return reply(userId);
    },

    async deleteAccount(userId: string) {
      await db.transaction(async (tx) => {
        await queries.deleteAccount(userId, tx);
        await deps.history.record(tx, userId, { accion: 'eliminar', entidad: 'cuenta', resumen: 'Cuenta de Stripe quitada de los pagos en línea' });
      });
      return reply(userId);
    },

    /** What the portal's invoices show: whether 'Pagar' is offered, and each invoice's voucher waiting to be paid. */
    async forPortal(client: PortalClient, facturaIds: string[]): Promise<{ activo: boolean; fichas: Map<string, PagoEnLinea> }> {
      const [cuenta, rows] = await Promise.all([queries.account(client.userId), queries.ofInvoices(client.userId, facturaIds)]);
      const now = new Date();
      const fichas = new Map<string, PagoEnLinea>();
      for (const row of rows) if (row.clienteId === client.clienteId && voucherWaiting(row, now) && !fichas.has(row.facturaId)) fichas.set(row.facturaId, toPago(row, ''));
      return { activo: !!cuenta?.activo && cuenta.secretoWebhookSellado !== null, fichas };
    },

    /** 'Pagar': the provider's page for what the invoice still owes. */
    async start(client: PortalClient, facturaId: string): Promise<string> {
      await deps.limits.checkouts.hit(`portal-pago:${client.accesoId}`, MSG.pagos.demasiadosPagos);
      const factura = await deps.invoices.get(client.userId, facturaId);
      if (factura.cliente?.id !== client.clienteId || factura.estado === 'cancelada') throw notFound();
      const cuenta = await queries.account(client.userId);
      const provider = cuenta?.activo && cuenta.secretoWebhookSellado ? providerOf(cuenta) : null;
      if (!provider) throw appError('PAYMENT_UNAVAILABLE', MSG.pagos.noDisponible);
      const saldo = (centavosOf(factura.monto_total) ?? 0) - (centavosOf(factura.monto_pagado) ?? 0) - (centavosOf(factura.monto_acreditado) ?? 0);
      if (saldo <= 0) throw appError('PAYMENT_UNAVAILABLE', MSG.pagos.nadaQuePagar);
      const now = new Date();
      const previous = (await queries.ofInvoices(client.userId, [facturaId])).filter((row) => row.clienteId === client.clienteId);
      if (previous.some((row) => voucherWaiting(row, now))) throw appError('PAYMENT_UNAVAILABLE', MSG.pagos.fichaPendiente);
      const reusable = previous.find(
        (row) => row.estado === 'abierto' && row.url && centavosOf(row.monto) === saldo && now.getTime() - row.createdAt.getTime() < REUSE_CHECKOUT_MS,
      );
      if (reusable?.url) return reusable.url;
      const pago = await queries.insertPago({ userId: client.userId, facturaId, clienteId: client.clienteId, monto: moneyString(saldo) });
      try {
        const checkout = await provider.createCheckout({
          referencia: pago.id,
          descripcion: `Factura ${factura.numero_factura}`,
          centavos: saldo,
          email: client.email,
          successUrl: `${deps.appUrl}/portal/pagos/${pago.id}`,
          cancelUrl: `${deps.appUrl}/portal#facturas`,
          oxxo: saldo >= OXXO_MIN_CENTAVOS && saldo <= OXXO_MAX_CENTAVOS,
        });
        await queries.opened(pago.id, checkout);
        return checkout.url;
      } catch (error) {
        await queries.dropPago(pago.id);
        if (error instanceof KeyRefused) {
          deps.logger.warn(`Stripe rechazó la clave del abogado ${client.userId}`);
          await deps.notify(client.userId, {
            tipo: 'portal',
            titulo: 'Stripe rechazó tu clave secreta',
            detalle: 'Un cliente intentó pagar en el portal. Escribe de nuevo tu clave en Configuración → Integraciones.',
            enlace: '/configuracion?tab=integraciones',
            clave: `pagos-clave:${client.userId}:${today(now)}`,
          });
          throw appError('PAYMENT_UNAVAILABLE', MSG.pagos.noDisponible);
        }
        if (error instanceof ProviderUnavailable) throw appError('PAYMENT_PROVIDER_FAILED');
        throw error;
      }
    },

    /** Where a payment stands for the client coming back from the provider's page: asked of the provider while it is not settled. */
    async status(client: PortalClient, pagoId: string): Promise<PagoEnLinea> {
      const row = await queries.ofClient(client.userId, client.clienteId, pagoId);
      if (!row) throw notFound();
      if ((row.estado === 'abierto' || row.estado === 'en_espera') && row.sesionExterna) {
        const cuenta = await queries.account(client.userId);
        const provider = cuenta ? providerOf(cuenta) : null;
        // Polled while the page waits: the provider is asked a bounded number of times; past it, the webhook settles it.
        const allowed = await deps.limits.checks.hit(`portal-pago-consulta:${client.accesoId}`).then(
          () => true,
          () => false,
        );
        if (provider && allowed) {
          const state = await provider.checkout(row.sesionExterna).catch((error: unknown) => {
            if (error instanceof KeyRefused || error instanceof ProviderUnavailable) return null;
            throw error;
          });
          if (state && state.referencia === row.id) await apply(client.userId, row.id, state);
        }
      }
      const fresh = (await queries.ofClient(client.userId, client.clienteId, pagoId))!;
      const factura = await deps.invoices.get(client.userId, fresh.facturaId).catch(() => null);
      return toPago(fresh, factura?.numero_factura ?? '');
    },

    /** The provider's signed event: refused unless its signature verifies; each one settles its payment once. */
    async webhook(cuentaId: string, raw: Buffer, header: (name: string) => string | undefined): Promise<void> {
      const cuenta = await queries.accountById(cuentaId);
      const provider = cuenta ? providerOf(cuenta) : null;
      if (!cuenta || !provider) throw notFound();
      let event;
      try {
        event = await provider.readEvent(raw, header);
      } catch (error) {
        if (error instanceof WebhookRefused) throw appError('WEBHOOK_REFUSED', error.reason === 'firma' ? MSG.pagos.firmaInvalida : MSG.pagos.eventoIlegible);
        // Signed with this account's secret but about a payment its Stripe account does not have: nothing of ours, nothing to retry.
        if (error instanceof NotInThisAccount) {
          deps.logger.info('evento de Stripe sobre un pago de otra cuenta: ignorado');
          return;
        }
        // Stripe retries an event it could not deliver: a 502 asks for that.
        if (error instanceof ProviderUnavailable || error instanceof KeyRefused) throw appError('PAYMENT_PROVIDER_FAILED');
        throw error;
      }
      await queries.eventSeen(cuenta.id);
      if (event.cargo) return changed(cuenta.userId, event.cargo);
      const state = event.checkout;
      if (!state) return;
      const row = state.referencia ? await queries.bySession(cuenta.userId, state.id) : undefined;
      if (!row || row.id !== state.referencia) {
        deps.logger.info(`evento de Stripe ${event.id.slice(0, 64)} de un pago que Bufete no abrió: ignorado`);
        return;
      }
      await apply(cuenta.userId, row.id, state);
    },
  };
}

const today = (now: Date) => now.toISOString().slice(0, 10);

export type PaymentService = ReturnType<typeof createPaymentService>;
