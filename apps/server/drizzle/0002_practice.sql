CREATE TABLE "casos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"titulo" text NOT NULL,
	"descripcion" text,
	"estado" text DEFAULT 'Pendiente' NOT NULL,
	"prioridad" text DEFAULT 'Media' NOT NULL,
	"cliente_id" uuid,
	"fecha_vencimiento" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "casos_estado_check" CHECK ("casos"."estado" in ('Activo', 'Pendiente', 'En Revisión', 'Cerrado')),
	CONSTRAINT "casos_prioridad_check" CHECK ("casos"."prioridad" in ('Alta', 'Media', 'Baja'))
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"nombre" text NOT NULL,
	"email" text,
	"telefono" text,
	"empresa" text,
	"direccion" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"cliente_id" uuid NOT NULL,
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_reminders_status_check" CHECK ("email_reminders"."status" in ('pending', 'sending', 'sent', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_reminders" ADD CONSTRAINT "email_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_reminders" ADD CONSTRAINT "email_reminders_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "casos_user_created_idx" ON "casos" USING btree ("user_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "casos_user_estado_idx" ON "casos" USING btree ("user_id","estado");--> statement-breakpoint
CREATE INDEX "casos_cliente_idx" ON "casos" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "casos_titulo_search_idx" ON "casos" USING gin (lower("titulo") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clientes_user_nombre_idx" ON "clientes" USING btree ("user_id",lower("nombre"),"id");--> statement-breakpoint
CREATE INDEX "clientes_search_idx" ON "clientes" USING gin ((lower("nombre" || ' ' || coalesce("email", '') || ' ' || coalesce("empresa", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_reminders_user_created_idx" ON "email_reminders" USING btree ("user_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "email_reminders_cliente_idx" ON "email_reminders" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "email_reminders_due_idx" ON "email_reminders" USING btree ("next_attempt_at") WHERE "email_reminders"."status" = 'pending';