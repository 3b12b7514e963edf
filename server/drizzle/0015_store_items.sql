-- Store items (contract/src/routes/store.ts): JSON documents put and read by path and key in an Hx
-- namespace; one per tenant, environment, namespace, path and key.
CREATE TABLE "store_items" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"environment" text NOT NULL,
	"namespace" text DEFAULT 'default' NOT NULL,
	"path" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "store_items_key_idx" ON "store_items" USING btree ("tenant_id","environment","namespace","path","key");--> statement-breakpoint
CREATE INDEX "store_items_recent_idx" ON "store_items" USING btree ("tenant_id","environment","namespace","updated_at");