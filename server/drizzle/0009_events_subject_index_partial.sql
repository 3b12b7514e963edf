DROP INDEX "events_subject_idx";--> statement-breakpoint
CREATE INDEX "events_subject_idx" ON "events" USING btree ("tenant_id","subject_id") WHERE "events"."subject_id" is not null;