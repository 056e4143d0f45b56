ALTER TABLE "notas" ADD COLUMN "privada" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notas" ADD COLUMN "autor_id" text;--> statement-breakpoint
ALTER TABLE "notas" ADD CONSTRAINT "notas_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;