DROP INDEX "artifacts_list_idx";--> statement-breakpoint
CREATE INDEX "artifacts_list_idx" ON "artifacts" USING btree ("tenant_id","environment","created_at","id");