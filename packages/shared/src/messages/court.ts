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
    confirmarEliminar: '¿Eliminar esta actuación? Los plazos que se calcularon desde ella se conservan en el calendario.',
    errorGuardar: 'No se pudo guardar la actuación. Inténtalo de nuevo.',
    errorEliminar: 'No se pudo eliminar la actuación. Inténtalo de nuevo.',
    errorCargar: 'No se pudieron cargar las actuaciones. Inténtalo de nuevo.',
    vacio: 'Aún no hay actuaciones en este caso. Registra la primera o revisa el boletín del día.',
  },
} as const;
