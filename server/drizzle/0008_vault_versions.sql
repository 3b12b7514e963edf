CREATE TABLE "vault_item_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"vault_id" text NOT NULL,
	"item_id" text NOT NULL,
	"version" integer NOT NULL,
	"ciphertext" text NOT NULL,
	"wrapped_dek" text NOT NULL,
	"kek_id" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vault_items" ADD COLUMN "version_created_by" text;--> statement-breakpoint
ALTER TABLE "vault_items" ADD COLUMN "version_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vaults" ADD COLUMN "organization_id" text;--> statement-breakpoint
ALTER TABLE "vault_item_versions" ADD CONSTRAINT "vault_item_versions_item_id_vault_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."vault_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vault_item_versions_item_uq" ON "vault_item_versions" USING btree ("item_id","version");--> statement-breakpoint
CREATE INDEX "vault_item_versions_kek_idx" ON "vault_item_versions" USING btree ("kek_id");--> statement-breakpoint
CREATE INDEX "vaults_org_idx" ON "vaults" USING btree ("tenant_id","organization_id");