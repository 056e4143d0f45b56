CREATE TABLE "dispositivos_conocidos" (
	"user_id" text NOT NULL,
	"dispositivo_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispositivos_conocidos_user_id_dispositivo_id_pk" PRIMARY KEY("user_id","dispositivo_id")
);
--> statement-breakpoint
ALTER TABLE "dispositivos_conocidos" ADD CONSTRAINT "dispositivos_conocidos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;