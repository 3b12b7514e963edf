-- Capture's own Idempotency-Key records (no expiry, scoped by tenant and environment) are gone: the
-- capture routes keep their answers in idempotency_keys like every creating route (24 h, scoped by
-- caller; docs/decisions/idempotency.md). Rows are not copied: idempotency_keys holds answers sealed
-- with a key derived from the client's key and scoped by the calling API key, which these rows lack.
DROP TABLE "capture_requests" CASCADE;
