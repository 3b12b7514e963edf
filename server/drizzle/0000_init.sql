CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"created_by" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"environment" text NOT NULL,
	"organization_id" text,
	"namespace_id" text,
	"agent_id" text,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artifact_versions" (
	"artifact_id" text NOT NULL,
	"version" integer NOT NULL,
	"tenant_id" text NOT NULL,
	"title" text NOT NULL,
	"content" jsonb NOT NULL,
	"markdown" text NOT NULL,
	"confidence" real NOT NULL,
	"evidence_count" integer NOT NULL,
	"source_events" text[] NOT NULL,
	"source_memories" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artifact_versions_artifact_id_version_pk" PRIMARY KEY("artifact_id","version")
);
--> statement-breakpoint
CREATE TABLE "artifacts" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"environment" text NOT NULL,
	"namespace" text DEFAULT 'default' NOT NULL,
	"subject_id" text,
	"session_id" text,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"title" text NOT NULL,
	"content" jsonb NOT NULL,
	"markdown" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "markdown")) STORED,
	"confidence" real NOT NULL,
	"evidence_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"source_events" text[] DEFAULT '{}'::text[] NOT NULL,
	"source_memories" text[] DEFAULT '{}'::text[] NOT NULL,
	"fingerprint" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"organization_id" text,
	"environment" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text NOT NULL,
	"api_key_id" text,
	"agent_id" text,
	"namespace" text,
	"operation" text NOT NULL,
	"query" text,
	"memory_ids" text[] NOT NULL,
	"artifact_ids" text[] NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"organization_id" text,
	"actor_type" text NOT NULL,
	"actor_id" text NOT NULL,
	"action" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"family_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_event_usage" (
	"tenant_id" text NOT NULL,
	"month" text NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_event_usage_tenant_id_month_pk" PRIMARY KEY("tenant_id","month")
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plan" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"external_subject" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "capture_requests" (
	"tenant_id" text NOT NULL,
	"environment" text NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capture_requests_tenant_id_environment_route_key_pk" PRIMARY KEY("tenant_id","environment","route","key")
);
--> statement-breakpoint
CREATE TABLE "capture_stats" (
	"tenant_id" text NOT NULL,
	"environment" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"ingested" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "capture_stats_tenant_id_environment_hour_type_pk" PRIMARY KEY("tenant_id","environment","hour","type")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"environment" text NOT NULL,
	"namespace" text DEFAULT 'default' NOT NULL,
	"session_id" text NOT NULL,
	"agent_id" text,
	"subject_id" text,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "text")) STORED,
	"content_hash" text NOT NULL,
	"idempotency_key" text,
	"idempotency_hash" text,
	"salience" real DEFAULT 0.5 NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"compiled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learn_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"environment" text NOT NULL,
	"scope_key" text NOT NULL,
	"scope" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"artifacts" jsonb,
	"stats" jsonb,
	"error" text,
	"compiler" text,
	"api_key_id" text,
	"request_id" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lifecycle_policies" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"retention_days" integer,
	"archive_after_days" integer,
	"delete_after_days" integer,
	"scope" text NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lineage_edges" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"from_id" text NOT NULL,
	"to_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memories" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"environment" text NOT NULL,
	"namespace" text DEFAULT 'default' NOT NULL,
	"subject_id" text,
	"session_id" text,
	"agent_id" text,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "content")) STORED,
	"attribute_key" text,
	"dedupe_key" text NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"confidence" real NOT NULL,
	"mentions" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"superseded_by" text,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	"occurred_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone NOT NULL,
	"source_event_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "namespaces" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sensitivity" text DEFAULT 'internal' NOT NULL,
	"team_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"framework" text,
	"team_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"member_id" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_members" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"invited_by" text,
	"joined_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" text NOT NULL,
	"member_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_member_id_pk" PRIMARY KEY("team_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_policies" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"effect" text NOT NULL,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"priority" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_items" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"vault_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"ciphertext" text NOT NULL,
	"wrapped_dek" text NOT NULL,
	"kek_id" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vaults" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sensitivity" text DEFAULT 'medium' NOT NULL,
	"system" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vault_items" ADD CONSTRAINT "vault_items_vault_id_vaults_id_fk" FOREIGN KEY ("vault_id") REFERENCES "public"."vaults"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_uq" ON "api_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "api_keys_tenant_idx" ON "api_keys" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "artifact_versions_tenant_idx" ON "artifact_versions" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "artifacts_key_uq" ON "artifacts" USING btree ("tenant_id","environment","namespace","type","key");--> statement-breakpoint
CREATE INDEX "artifacts_list_idx" ON "artifacts" USING btree ("tenant_id","environment","created_at");--> statement-breakpoint
CREATE INDEX "artifacts_subject_idx" ON "artifacts" USING btree ("tenant_id","subject_id");--> statement-breakpoint
CREATE INDEX "artifacts_fts_idx" ON "artifacts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "access_org_idx" ON "access_logs" USING btree ("tenant_id","organization_id","id");--> statement-breakpoint
CREATE INDEX "audit_org_idx" ON "audit_logs" USING btree ("tenant_id","organization_id","id");--> statement-breakpoint
CREATE INDEX "audit_resource_idx" ON "audit_logs" USING btree ("tenant_id","resource_type","resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_tenant_idx" ON "users" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "events_scope_idx" ON "events" USING btree ("tenant_id","environment","namespace","id");--> statement-breakpoint
CREATE INDEX "events_session_idx" ON "events" USING btree ("tenant_id","environment","session_id","id");--> statement-breakpoint
CREATE INDEX "events_subject_idx" ON "events" USING btree ("tenant_id","subject_id");--> statement-breakpoint
CREATE INDEX "events_hash_idx" ON "events" USING btree ("tenant_id","environment","content_hash","created_at");--> statement-breakpoint
CREATE INDEX "events_uncompiled_idx" ON "events" USING btree ("tenant_id","environment","id") WHERE "events"."compiled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "events_idem_uq" ON "events" USING btree ("tenant_id","environment","idempotency_key");--> statement-breakpoint
CREATE INDEX "events_fts_idx" ON "events" USING gin ("search");--> statement-breakpoint
CREATE INDEX "events_trgm_idx" ON "events" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "learn_jobs_scope_idx" ON "learn_jobs" USING btree ("tenant_id","environment","scope_key","status");--> statement-breakpoint
CREATE INDEX "learn_jobs_created_idx" ON "learn_jobs" USING btree ("tenant_id","environment","created_at");--> statement-breakpoint
CREATE INDEX "lifecycle_policies_org_idx" ON "lifecycle_policies" USING btree ("tenant_id","organization_id","id");--> statement-breakpoint
CREATE INDEX "lineage_to_idx" ON "lineage_edges" USING btree ("tenant_id","to_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lineage_edge_uq" ON "lineage_edges" USING btree ("tenant_id","from_id","to_id","type");--> statement-breakpoint
CREATE INDEX "memories_scope_idx" ON "memories" USING btree ("tenant_id","environment","namespace","status");--> statement-breakpoint
CREATE INDEX "memories_dedupe_idx" ON "memories" USING btree ("tenant_id","environment","namespace","dedupe_key");--> statement-breakpoint
CREATE INDEX "memories_attr_idx" ON "memories" USING btree ("tenant_id","environment","namespace","attribute_key");--> statement-breakpoint
CREATE INDEX "memories_subject_idx" ON "memories" USING btree ("tenant_id","environment","subject_id");--> statement-breakpoint
CREATE INDEX "memories_fts_idx" ON "memories" USING gin ("search");--> statement-breakpoint
CREATE INDEX "memories_trgm_idx" ON "memories" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "namespaces_name_uq" ON "namespaces" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "namespaces_org_idx" ON "namespaces" USING btree ("tenant_id","organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_name_uq" ON "agents" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "agents_org_idx" ON "agents" USING btree ("tenant_id","organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_uq" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_member_idx" ON "invitations" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_members_email_uq" ON "org_members" USING btree ("organization_id",lower("email")) WHERE "org_members"."status" <> 'removed';--> statement-breakpoint
CREATE INDEX "org_members_user_idx" ON "org_members" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "org_members_org_idx" ON "org_members" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_slug_uq" ON "organizations" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "team_members_member_idx" ON "team_members" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_uq" ON "teams" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "teams_org_idx" ON "teams" USING btree ("tenant_id","organization_id","id");--> statement-breakpoint
CREATE INDEX "access_policies_org_idx" ON "access_policies" USING btree ("tenant_id","organization_id","priority");--> statement-breakpoint
CREATE INDEX "vault_items_vault_idx" ON "vault_items" USING btree ("tenant_id","vault_id","id");--> statement-breakpoint
CREATE INDEX "vault_items_kek_idx" ON "vault_items" USING btree ("kek_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vaults_tenant_name_uq" ON "vaults" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "vaults_tenant_system_uq" ON "vaults" USING btree ("tenant_id") WHERE "vaults"."system";