DROP INDEX "events_hash_idx";--> statement-breakpoint
DROP INDEX "events_idem_uq";--> statement-breakpoint
CREATE INDEX "events_dedupe_idx" ON "events" USING btree (("tenant_id" || '/' || "environment" || '/' || "content_hash"),"created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "events_idem_uq" ON "events" USING btree ("tenant_id","environment","idempotency_key") WHERE "events"."idempotency_key" is not null;