-- The bell's online-payment notices linked to /facturas/:id, a page the web does not have: they take the lawyer to 'Facturación' searched by the invoice's number, as the other invoice notices do.
UPDATE "notificaciones" AS n SET "enlace" = '/facturacion?q=' || f."numero_factura"
FROM "facturas" AS f
WHERE n."enlace" = '/facturas/' || f."id"::text AND n."user_id" = f."user_id";
