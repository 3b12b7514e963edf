-- A synthesize's context tokens and its candidates' tokens, for usage metrics' avgTokensUsed and
-- avgCompressionRatio (null for other reads). Nullable without a default: no table rewrite.
ALTER TABLE "access_logs" ADD COLUMN "tokens_used" integer;--> statement-breakpoint
ALTER TABLE "access_logs" ADD COLUMN "candidate_tokens" integer;
