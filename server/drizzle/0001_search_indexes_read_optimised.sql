-- Memories and artifacts are written by background learn jobs and read by every synthesize: their
-- GIN indexes skip the pending list (fastupdate), which reads scan linearly until autovacuum merges it.
-- ALTER instead of a rebuild: no long lock on existing deployments; the old pending entries are merged.
ALTER INDEX "artifacts_fts_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "memories_fts_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "memories_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('artifacts_fts_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('memories_fts_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('memories_trgm_idx'::regclass);
