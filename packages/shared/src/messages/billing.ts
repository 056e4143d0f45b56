/** Invoicing: fiscal data, invoices and tracked time. */
export const billingMessages = {
  fiscal: {
    /** (Bufete) */
    rfcInvalido: 'RFC inválido: 12 caracteres para una persona moral o 13 para una persona física (p. ej. GODE561231GR8)',
    /** (Bufete) */
    regimenInvalido: 'Elige un régimen fiscal de la lista',
    /** (Bufete) */
    usoCfdiInvalido: 'Elige un uso de CFDI de la lista',
    /** (Bufete) */
    codigoPostalInvalido: 'El código postal tiene 5 dígitos',
    /** (Bufete) */
    serieInvalida: 'La serie lleva de 1 a 25 letras o números, sin espacios (p. ej. A o HON)',
    /** (Bufete) the SAT's catalogue: who can have a régimen, and which uso fits it. */
    regimenNoEsDe: (persona: 'fisica' | 'moral') =>
      persona === 'moral'
        ? 'Ese régimen es solo de personas físicas, y el RFC es de una persona moral (12 caracteres).'
        : 'Ese régimen es solo de personas morales, y el RFC es de una persona física (13 caracteres).',
    usoNoEsDe: (persona: 'fisica' | 'moral') =>
      persona === 'moral' ? 'Ese uso del CFDI es solo para personas físicas (deducciones personales).' : 'Ese uso del CFDI es solo para personas morales.',
    usoNoCorresponde: (uso: string, regimen: string) =>
      `El SAT no admite el uso ${uso} para el régimen ${regimen}. Elige otro uso (G03 «Gastos en general» es el habitual) o revisa el régimen.`,
  },
  invoices: {
    errorCrear: 'Error al crear la factura. Por favor intenta de nuevo.',
    errorActualizar: 'Error al actualizar la factura',
    vacio: 'No tienes facturas aún. ¡Crea tu primera factura!',
    sinResultados: 'Sin resultados para los filtros seleccionados.',
    cargando: 'Cargando facturación...',
    /** (Bufete) */
    conceptoObligatorio: 'El concepto es obligatorio',
    /** (Bufete) */
    fechaObligatoria: 'La fecha de emisión es obligatoria',
    /** (Bufete) */
    montoInvalido: 'Escribe un monto en pesos, por ejemplo 1500 o 1500.50',
    notaMotivoInvalido: 'Elige si es un descuento, una devolución o una bonificación.',
    notaMontoObligatorio: 'Escribe el monto de la nota de crédito (antes de impuestos), mayor que 0.',
    anticipoPagado: 'Un anticipo se registra cuando ya se recibió: su estado es «Pagada».',
    anticipoAyuda:
      'Su CFDI dirá «Anticipo del bien o servicio». Cuando el servicio y su precio estén definidos, crea la factura final y, antes de timbrarla, aplícale este anticipo. Si ya acordaron el servicio y el precio, no es un anticipo: registra la factura completa y sus pagos.',
    anticipoSinTiempo: 'Un anticipo no factura tiempo: se cobra antes de que el servicio o su precio estén definidos.',
    /** (Bufete) */
    montoMayorQueCero: 'El monto total debe ser mayor que 0',
    /** (Bufete) */
    tarifaObligatoria: 'Con el cálculo automático, indica la tarifa por hora y las horas trabajadas',
    /** (Bufete) */
    horasInvalidas: 'Escribe las horas con hasta dos decimales, por ejemplo 2.5',
    /** (Bufete) */
    pagadoObligatorio: 'Indica el monto pagado: mayor que 0 y menor que el total',
    /** (Bufete) */
    pagadoExcede: 'El monto pagado no puede ser mayor que el total',
    /** (Bufete) */
    estadoInvalido: 'Elige un estado de la lista',
    /** (Bufete) */
    creada: 'Factura creada correctamente',
    /** (Bufete) */
    actualizada: 'Factura actualizada correctamente',
    /** (Bufete) */
    enviada: (email: string) => `Recibo enviado a ${email}`,
    /** (Bufete) */
    sinEmailCliente: 'La factura no tiene un cliente con email',
    /** (Bufete) */
    sinEntradas: 'Elige al menos una entrada de tiempo sin facturar',
    /** (Bufete) */
    yaFacturado: 'Alguna de esas entradas ya se facturó: actualiza la lista e inténtalo de nuevo',
    /** (Bufete) */
    clientesDistintos: 'Las entradas elegidas son de clientes distintos: factura las de un cliente a la vez',
    /** (Bufete) */
    clienteDeLasEntradas: 'La factura de un tiempo registrado es para el cliente de ese tiempo',
    /** (Bufete) a figure past what an invoice holds. */
    montoExcede: 'El total no puede pasar de $999,999,999.99 por factura: revisa la tarifa y las horas',
    /** (Bufete) */
    formaPagoInvalida: 'Elige una forma de pago de la lista',
    /** (Bufete) */
    motivoObligatorio: 'Escribe el motivo de la cancelación (al menos 3 caracteres)',
    /** (Bufete) */
    cancelada: (numero: string) => `Factura ${numero} cancelada. Su número no se volverá a usar.`,
    /** (Bufete) */
    yaCancelada: 'Esta factura está cancelada: ya no se puede modificar',
    /** (Bufete) */
    noEditable: 'Solo se pueden editar las facturas pendientes sin pagos. Para corregir una pagada, cancélala y crea otra.',
    /** (Bufete) */
    conPagos: 'Esta factura tiene pagos registrados: márcala como Pendiente (devolución del pago) antes de cancelarla',
    /** (Bufete) */
    editada: 'Factura actualizada correctamente',
  },
  time: {
    /** (Bufete) */
    descripcionObligatoria: 'Describe el trabajo realizado',
    /** (Bufete) */
    horasCuartos: 'Las horas van en pasos de 0.25 (un cuarto de hora), de 0.25 a 24',
    /** (Bufete) */
    casoObligatorio: 'Elige el caso en el que trabajaste',
    /** (Bufete) */
    temporizadorActivo: 'Ya tienes un temporizador en marcha: deténlo antes de iniciar otro',
    /** (Bufete) */
    sinTemporizador: 'No hay ningún temporizador en marcha',
    /** (Bufete) */
    entradaFacturada: 'Esta entrada ya se facturó: no se puede modificar ni borrar',
    /** (Bufete) */
    tarifaInvalida: 'Escribe la tarifa por hora en pesos, por ejemplo 1500',
    /** (Bufete) billing time kept without a rate. */
    sinTarifa: 'Hay tiempo sin tarifa: escribe su tarifa por hora antes de facturarlo',
  },
  /** (Bufete) CFDI 4.0: the lawyer's Certificado de Sello Digital (issue 27). */
  cfdi: {
    sinRfc: 'Primero escribe tu RFC en Datos fiscales: el CSD debe ser de ese RFC.',
    sinCsd: 'Para sellar un CFDI sube tu Certificado de Sello Digital (CSD) en Configuración → Perfil.',
    csdIlegible: 'No se pudo abrir tu CSD guardado (¿cambió el secreto del servidor?). Súbelo de nuevo en Configuración → Perfil.',
    emisorIncompleto: (faltan: string) => `Para sellar el CFDI completa tus datos fiscales en Configuración → Perfil: ${faltan}.`,
    receptorIncompleto: (faltan: string) => `Para sellar el CFDI completa los datos fiscales del cliente: ${faltan}.`,
    sinCliente: 'Un CFDI necesita un cliente con sus datos fiscales: elige uno en la factura.',
    faltaCer: 'Elige el archivo .cer de tu CSD.',
    faltaKey: 'Elige el archivo .key de tu CSD.',
    passwordObligatoria: 'Escribe la contraseña de la llave privada (.key).',
    cerInvalido: 'El archivo .cer no es un certificado del SAT. Sube el .cer de tu Certificado de Sello Digital tal como te lo entregó el SAT.',
    llaveOPasswordIncorrecta: 'La contraseña de la llave privada no es correcta, o el archivo .key no es una llave del SAT. Revisa que sea la del CSD y su contraseña.',
    llaveNoCorresponde: 'La llave privada (.key) no corresponde a este certificado (.cer). Sube los dos archivos del mismo CSD.',
    esFiel: 'Este certificado es de tu e.firma (FIEL). Para facturar se usa el Certificado de Sello Digital (CSD), que tramitas en el SAT con tu e.firma.',
    vencido: (fecha: string) => `Este CSD venció el ${fecha}. Tramita uno nuevo en el SAT para seguir facturando.`,
    aunNoVigente: (fecha: string) => `Este CSD es válido a partir del ${fecha}.`,
    sinPac:
      'Para timbrar hace falta un PAC (proveedor autorizado de certificación). Escribe los datos de tu cuenta de PAC en Configuración → Perfil; mientras tanto puedes descargar el XML sellado sin timbrar para revisarlo.',
    pacAmbienteObligatorio: 'Elige el ambiente: pruebas o producción.',
    pacUsuarioObligatorio: 'Escribe el usuario de tu cuenta del PAC.',
    pacContrasenaObligatoria: 'Escribe la contraseña de tu cuenta del PAC.',
    pacTokenObligatorio: 'Pega el token de tu cuenta del PAC.',
    pacCredencialesPropias: 'El PAC no aceptó tu usuario y contraseña (o tu token). Revísalos en Configuración → Perfil.',
    pacIlegible: 'No se pudo abrir tu cuenta del PAC guardada (¿cambió el secreto del servidor?). Escríbela de nuevo en Configuración → Perfil.',
    pacConexionCorrecta: (proveedor: string, ambiente: string, timbres: number | null) =>
      `Conexión correcta con ${proveedor} (${ambiente}).${timbres === null ? '' : ` Timbres disponibles: ${timbres.toLocaleString('es-MX')}.`}`,
    pacPruebaSinRespuesta: 'El PAC no respondió. Revisa el ambiente elegido y vuelve a probar en unos minutos.',
    pacCambiado: 'Este CFDI se envió a otro PAC y no se sabe si lo timbró. Vuelve a poner la cuenta de ese PAC para terminarlo.',
    pacRechazo: (mensaje: string) => `El PAC no timbró el CFDI: ${mensaje}`,
    pacSinRespuesta: 'El PAC no respondió. Vuelve a intentarlo en unos minutos: Bufete reenviará el mismo CFDI y no se timbrará dos veces.',
    pacCancelacionRechazo: (mensaje: string) => `No se pudo cancelar el CFDI: ${mensaje}`,
    pacCancelacionSinRespuesta: 'El PAC no respondió a la cancelación. Vuelve a intentarlo en unos minutos.',
    satSinRespuesta: 'El servicio de consulta del SAT no respondió. Vuelve a consultar en unos minutos.',
    demasiadas: 'Has hecho muchas operaciones de CFDI seguidas. Espera unos minutos y vuelve a intentarlo.',
    yaTimbrada: 'Esta factura ya tiene un CFDI timbrado.',
    timbreRepetido: 'El PAC respondió con el timbre de un CFDI idéntico que ya se había timbrado. Vuelve a timbrar en unos segundos.',
    sinTimbrar: 'Esta factura no tiene un CFDI timbrado.',
    facturaTimbrada: 'Esta factura tiene un CFDI timbrado: para cambiarla o cancelarla, primero cancela el CFDI ante el SAT.',
    noCancelable: 'Este CFDI ya está cancelado o su cancelación está en proceso.',
    motivoInvalido: 'Elige el motivo de cancelación del SAT.',
    folioSustitucionObligatorio: 'Con el motivo 01 escribe el folio fiscal (UUID) del CFDI que sustituye a este.',
    folioSustitucionInvalido: 'El folio fiscal debe tener la forma de un UUID, por ejemplo 5FB2822E-396D-4725-8521-CDC4BDD20CCF.',
    pagoConComplemento: 'Los pagos de esta factura tienen complementos de pago timbrados: cancélalos ante el SAT antes de quitar o reducir pagos.',
    complementosPrimero: 'Esta factura tiene complementos de pago vigentes: el SAT pide cancelarlos antes que la factura.',
    complementoSoloPpd: 'Solo los pagos de una factura timbrada con método PPD (en parcialidades o diferido) llevan complemento de pago.',
    complementoYaTimbrado: 'Este pago ya tiene su complemento de pago timbrado.',
    formaPagoDelComplemento:
      'Este pago se registró sin forma de pago («No registrada»): indica cómo se pagó para timbrar su complemento; el SAT no acepta «Por definir» en un pago.',
    sustitucionSoloVigente: 'Solo se sustituye un CFDI de ingreso vigente: timbra la factura primero.',
    sustitucionEnCurso: (numero: string) => `Esta factura ya se sustituye con ${numero}: continúa esa sustitución.`,
    sustitutoMenorQuePagado: (pagado: string) => `El total corregido no puede ser menor que lo ya pagado (${pagado}).`,
    sustituidaPor: (numero: string) => `Sustituida por ${numero} (CFDI relacionado 04; el original se cancela con motivo 01).`,
    sinSustitucion: 'Esta factura no tiene una sustitución en curso.',
    notaSoloTimbrada: 'Una nota de crédito se relaciona con un CFDI de ingreso vigente: timbra la factura primero.',
    notaExcedeSaldo: (saldo: string) => `La nota de crédito, con impuestos, no puede pasar de lo que el cliente aún debe (${saldo}).`,
    notaExcedePagado: (pagado: string) => `Una devolución no puede pasar de lo pagado (${pagado}).`,
    devolucionConComplementos: 'Los pagos de esta factura tienen complementos de pago timbrados: una devolución no puede quitarlos. Usa un descuento o una bonificación.',
    notasCreditoPrimero: 'Esta factura tiene notas de crédito vigentes: el SAT pide cancelarlas antes que la factura.',
    notaYaTimbrada: 'Esta nota de crédito ya está timbrada.',
    sustitutoNoSeCancela: 'Esta factura sustituye a otra que ya se canceló en Bufete: corrígela si hace falta, timbrala y termina la sustitución.',
    formaPagoYaRegistrada: 'La forma de pago de este pago ya está registrada.',
    anticipoSinPago: 'El CFDI de un anticipo lleva la forma en que se recibió: registra el anticipo como pagado en un solo pago, con su forma de pago.',
    anticipoNoAplicable: 'Solo se aplica un anticipo a una factura del mismo cliente, sin CFDI timbrado y que no sea otro anticipo.',
    anticipoNoDisponible: 'Ese anticipo no está disponible: debe ser del mismo cliente, tener su CFDI vigente y no estar aplicado en otra factura.',
    anticipoExcede: (total: string) => `El anticipo (${total}) no puede pasar del saldo de esta factura.`,
    anticipoImpuestos: 'El anticipo y esta factura deben llevar los mismos impuestos (IVA y retenciones) para aplicarlo.',
    anticipoAplicado: (numero: string) => `Este anticipo está aplicado en ${numero}: el SAT pide cancelar primero esa factura y su CFDI de egreso.`,
    aplicacionSinAnticipo: 'Esta factura no aplica un anticipo, o su aplicación ya está timbrada.',
    enFacturaGlobal: (numero: string) =>
      `Este recibo está incluido en la factura global ${numero}: para timbrarlo por separado, cancela primero esa factura global con el motivo 04 y emítela de nuevo sin él.`,
    motivoGlobalInvalido: 'Elige el motivo de cancelación: 04, 02 o 03.',
    globalNoCancelable: 'Esta factura global ya está cancelada o su cancelación está en proceso.',
    globalPeriodicidad: 'Elige la periodicidad: diaria, semanal, quincenal, mensual o bimestral.',
    globalFecha: 'Elige una fecha del periodo.',
    globalBimestralSoloRif: 'La periodicidad bimestral es solo para el Régimen de Incorporación Fiscal (621): elige otra.',
    globalPeriodoFuturo: 'El periodo aún no termina: la factura global se emite al cierre de sus operaciones.',
    globalAnio: 'El SAT solo acepta una factura global del año en curso o del anterior.',
    globalSinRecibos: 'No hay recibos pagados sin CFDI de clientes que no piden factura en este periodo.',
    globalDemasiados: (max: number) => `El periodo tiene más de ${max} recibos: elige una periodicidad más corta.`,
    globalCambio: 'Los recibos del periodo cambiaron mientras se preparaba la factura global. Revísalos y vuelve a intentarlo.',
    globalYaTimbrada: 'Esta factura global ya está timbrada.',
    complementoSinTimbrarTitulo: (numero: string) => `Complemento de pago sin timbrar: ${numero}`,
    rfcDistinto: (rfcCsd: string, rfcPerfil: string) =>
      `Este CSD es del RFC ${rfcCsd}, y el de tus datos fiscales es ${rfcPerfil}. Sube el CSD de tu propio RFC, o corrige tu RFC en Datos fiscales.`,
  },
} as const;
