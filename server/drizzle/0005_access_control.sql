ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT '{read,write,delete}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "outcome" text DEFAULT 'success' NOT NULL;