/** The court day (issue 35): a case's actuaciones and the bulletins read for them. All (Bufete). */
export const courtMessages = {
  actuaciones: {
    tipoInvalido: 'Elige el tipo de actuación',
    origenInvalido: 'Elige de dónde viene la actuación',
    textoObligatorio: 'Escribe el texto de la actuación, como se publicó',
    casoObligatorio: 'Elige el caso de la actuación',
    efectosAntesDePublicacion: 'La fecha en que surte efectos no puede ser anterior a la de publicación',
    demasiadosDocumentos: 'Vincula como máximo 20 documentos',
    documentoDeOtroCaso: 'Ese documento no es de este caso',
    creada: 'Actuación registrada',
    actualizada: 'Actuación actualizada',
    eliminada: 'Actuación eliminada',
    confirmarEliminar:
      '¿Eliminar esta actuación? Los plazos que se calcularon desde ella se conservan en el calendario, y las tareas que se contaban desde ella conservan su fecha: ya no se moverán con ella y dirán que su actuación ya no existe.',
    errorGuardar: 'No se pudo guardar la actuación. Inténtalo de nuevo.',
    errorEliminar: 'No se pudo eliminar la actuación. Inténtalo de nuevo.',
    errorCargar: 'No se pudieron cargar las actuaciones. Inténtalo de nuevo.',
    vacio: 'Aún no hay actuaciones en este caso. Registra la primera o revisa el boletín del día.',
  },
  partes: {
    rolInvalido: 'Elige si es parte actora, demandada o tercero',
    nombreObligatorio: 'Escribe el nombre de la parte',
    demasiadas: 'Un caso admite como máximo 100 partes',
    creada: 'Parte agregada',
    actualizada: 'Parte actualizada',
    eliminada: 'Parte eliminada',
    errorGuardar: 'No se pudo guardar la parte. Inténtalo de nuevo.',
    errorEliminar: 'No se pudo eliminar la parte. Inténtalo de nuevo.',
    errorCargar: 'No se pudieron cargar las partes. Inténtalo de nuevo.',
    vacio: 'Aún no hay partes en este caso. Agrega a la actora, a la demandada y a los terceros, con sus abogados.',
    conflictoTitulo: 'Posible conflicto de interés',
    conflictoTexto: 'Este nombre coincide con:',
    conflictosRevisados: 'Conflicto de interés marcado como revisado',
    errorRevisarConflictos: 'No se pudo marcar como revisado. Inténtalo de nuevo.',
  },
  boletines: {
    textoObligatorio: 'Pega el texto del boletín, o sube su PDF o su página',
    textoLargo: 'El texto pegado es demasiado largo: sube el boletín como archivo (hasta 20 MB)',
    formato: 'El boletín debe ser un PDF con texto, una página HTML o un archivo de texto (.txt)',
    archivoGrande: 'El boletín es demasiado grande. Máximo 20 MB.',
    sinArchivo: 'Elige el archivo del boletín',
    sinTexto: 'Este PDF no tiene texto que se pueda leer: parece un escaneo. Descarga el boletín del sitio del tribunal (su PDF trae el texto) o pega su texto.',
    noSeLeyo: (detalle: string) => `No se pudo leer el boletín: ${detalle}`,
    sinJuzgados: 'No se encontró ningún juzgado ni ninguna entrada en este boletín. ¿Es la lista de acuerdos del día?',
    demasiadas: 'Confirma como máximo 200 actuaciones a la vez',
    demasiadasRevisiones: 'Has revisado muchos boletines en poco tiempo. Espera unos minutos e inténtalo de nuevo.',
    fechaObligatoria: 'Indica la fecha de publicación del boletín',
    confirmadas: (creadas: number, yaEstaban = 0) => {
      if (yaEstaban === 0) return creadas === 1 ? '1 actuación registrada en su caso' : `${creadas} actuaciones registradas en sus casos`;
      const registradas = creadas === 1 ? '1 actuación registrada' : `${creadas} actuaciones registradas`;
      const yaEstaban_ = yaEstaban === 1 ? '1 ya estaba registrada (mismo caso, fecha y texto)' : `${yaEstaban} ya estaban registradas (mismo caso, fecha y texto)`;
      return `${registradas}; ${yaEstaban_}`;
    },
    noSeEntendio: (problemas: string) =>
      `Bufete no pudo leer este boletín con seguridad: ${problemas} Revisa que sea la lista de acuerdos completa, o pega el texto de tus juzgados.`,
    archivoDanado: 'el archivo está dañado o protegido con contraseña',
  },
} as const;
