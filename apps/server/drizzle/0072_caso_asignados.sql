CREATE TABLE "caso_asignados" (
	"caso_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"persona_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caso_asignados_caso_id_persona_id_pk" PRIMARY KEY("caso_id","persona_id")
);
--> statement-breakpoint
ALTER TABLE "notificaciones" ADD COLUMN "destinatario_id" text;--> statement-breakpoint
ALTER TABLE "caso_asignados" ADD CONSTRAINT "caso_asignados_caso_id_casos_id_fk" FOREIGN KEY ("caso_id") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caso_asignados" ADD CONSTRAINT "caso_asignados_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caso_asignados" ADD CONSTRAINT "caso_asignados_persona_id_users_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caso_asignados_persona_idx" ON "caso_asignados" USING btree ("user_id","persona_id");--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_destinatario_id_users_id_fk" FOREIGN KEY ("destinatario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;