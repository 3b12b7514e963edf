ALTER TABLE "users" ADD COLUMN "tenant_role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
-- Backfill: the earliest-created user of each tenant registered it and becomes its owner; the
-- others joined by invitation and stay members. Ties on created_at fall to the smaller (ULID) id.
UPDATE "users" SET "tenant_role" = 'owner' WHERE "id" IN (SELECT DISTINCT ON ("tenant_id") "id" FROM "users" ORDER BY "tenant_id", "created_at", "id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_owner_uq" ON "users" USING btree ("tenant_id") WHERE "users"."tenant_role" = 'owner';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_role_ck" CHECK ("users"."tenant_role" in ('owner', 'member'));
