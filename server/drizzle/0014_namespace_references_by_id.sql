-- A namespace is one thing however it is named: rows of a registered namespace are stored under its
-- id, whether the caller named it by id or by name (server/src/db/namespace-references.ts). Rows
-- captured under a registered namespace's name before this rule move to its id.
UPDATE "events" e SET "namespace" = n."id"
  FROM "namespaces" n WHERE n."tenant_id" = e."tenant_id" AND e."namespace" = n."name";
--> statement-breakpoint
UPDATE "memories" m SET "namespace" = n."id"
  FROM "namespaces" n WHERE n."tenant_id" = m."tenant_id" AND m."namespace" = n."name";
--> statement-breakpoint
-- An artifact whose twin (same type and key) already lives under the id is a stale compile of the
-- same thing: it is deprecated and its key suffixed with its id, so the unique key holds.
UPDATE "artifacts" a SET
    "namespace" = n."id",
    "key" = CASE WHEN EXISTS (SELECT 1 FROM "artifacts" b WHERE b."tenant_id" = a."tenant_id"
      AND b."environment" = a."environment" AND b."namespace" = n."id" AND b."type" = a."type" AND b."key" = a."key")
      THEN a."key" || ':' || a."id" ELSE a."key" END,
    "status" = CASE WHEN EXISTS (SELECT 1 FROM "artifacts" b WHERE b."tenant_id" = a."tenant_id"
      AND b."environment" = a."environment" AND b."namespace" = n."id" AND b."type" = a."type" AND b."key" = a."key")
      THEN 'deprecated' ELSE a."status" END
  FROM "namespaces" n WHERE n."tenant_id" = a."tenant_id" AND a."namespace" = n."name";
--> statement-breakpoint
-- Learn jobs name their namespace in their filters: the same reference.
UPDATE "learn_jobs" j SET "filters" = jsonb_set(j."filters", '{namespace}', to_jsonb(n."id"))
  FROM "namespaces" n WHERE n."tenant_id" = j."tenant_id" AND j."filters"->>'namespace' = n."name";
