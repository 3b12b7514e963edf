// Generated from the contract by sdk/scripts/write.ts (sdk/scripts/lean-types.ts); do not edit by hand.
/**
 * The SDK's public types, printed once from the contract as plain declarations: the data types the
 * contract exports and, per route, its flat input (path, query and body fields in one object) and
 * the data of its success envelope. test/sdk/lean-types.check.ts asserts each equal to the contract's.
 */

export type ErrorCode = "validation_error" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "payload_too_large" | "rate_limited" | "quota_exceeded" | "internal_error" | "not_implemented" | "service_unavailable";

export type ErrorDetail = {
  field: string;
  message: string;
};

export type ErrorEnvelope = {
  ok: false;
  error: {
    message: string;
    code: ErrorCode;
    details?: ErrorDetail[] | undefined;
  };
  meta?: ({
    requestId?: string | undefined;
  } & {
    [key: string]: unknown;
  }) | undefined;
};

export type Meta = {
  requestId: string;
  tenantId: string;
  durationMs: number;
};

export type Pagination = {
  hasMore: boolean;
  cursor?: string | undefined;
  total?: number | undefined;
};

export type AuthKind = "none" | "apiKey" | "jwt" | "any" | "operator";

export type KeyScope = "read" | "write" | "delete";

export type RouteMeta = {
  auth: AuthKind;
  permission?: Permission | undefined;
  scope?: KeyScope | undefined;
  bodyLimit?: number | undefined;
  idempotent?: boolean | undefined;
};

export type Permission = "org:read" | "org:update" | "team:create" | "team:list" | "team:update" | "team:delete" | "member:invite" | "member:list" | "member:update_role" | "member:remove" | "agent:create" | "agent:read" | "agent:update" | "agent:delete" | "namespace:create" | "namespace:read" | "namespace:update" | "policy:create" | "policy:read" | "policy:update" | "audit:read" | "lineage:read" | "lifecycle:manage" | "vault:read" | "vault:write" | "org:transfer_ownership";

export type Role = "owner" | "admin" | "manager" | "developer" | "analyst" | "viewer";

export type PlanName = "developer" | "free" | "pro" | "enterprise";

export type PlanLimits = {
  requestsPerMinute: number | null;
  burst: number | null;
  monthlyEvents: number | null;
};

export type Environment = "live" | "test";

export type ApiKey = {
  id: string;
  name: string;
  prefix: string;
  environment: Environment;
  organizationId: string | null;
  namespaceId: string | null;
  agentId: string | null;
  scopes: KeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  revoked: boolean;
};

export type User = {
  tenantId: string;
  id: string;
  name: string;
  createdAt: string;
  email: string;
};

export type Tokens = {
  accessToken: string;
  tokenType: "Bearer";
  expiresIn: number;
  refreshToken: string;
  refreshExpiresIn: number;
};

export type Health = {
  status: "ok" | "degraded" | "down";
  version: string;
  postgres: "down" | "up" | "embedded";
  redis: "down" | "up" | "disabled";
  uptime: number;
};

export type Tenant = {
  id: string;
  name: string;
  createdAt: string;
  plan: PlanName;
  quota: {
    eventsLimit: number | null;
    eventsUsed: number;
    resetDate: string;
  };
};

export type KekRotation = {
  kekId: string;
  previousKekId: string | null;
  resumed: boolean;
  rewrapped: number;
  skipped: number;
  remaining: number;
  batches: number;
  complete: boolean;
};

export type EventType = "message" | "tool_call" | "tool_result" | "command_exec" | "file_edit" | "test_run" | "browser_action" | "api_result" | "observation" | "outcome" | "feedback" | "document";

export type CaptureEvent = {
  type: EventType;
  sessionId: string;
  payload: Record<string, unknown>;
  agentId?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  idempotencyKey?: string | undefined;
  namespace?: string | undefined;
  subjectId?: string | undefined;
  occurredAt?: string | undefined;
};

export type CaptureResult = {
  status: "ingested" | "duplicate";
  eventId: string;
  salienceScore: number;
};

export type BatchCaptureResult = {
  results: CaptureResult[];
  summary: {
    total: number;
    ingested: number;
    duplicates: number;
    errors: number;
  };
};

export type StoredEvent = {
  type: EventType;
  id: string;
  agentId: string | null;
  createdAt: string;
  sessionId: string;
  payload: Record<string, unknown>;
  metadata: Record<string, unknown>;
  namespace: string;
  subjectId: string | null;
  occurredAt: string;
  salienceScore: number;
  compiledAt: string | null;
};

export type ArtifactTypeName = "profile" | "session_summary" | "timeline" | "digest" | "task_schema" | "failure_playbook" | "causal_pattern" | "decision_policy";

export type LearnJobStatus = "queued" | "running" | "completed" | "failed";

export type LearnRequest = {
  options: {
    minPatternStrength?: number | undefined;
    artifactTypes?: ArtifactTypeName[] | undefined;
  };
  scope: "incremental" | "full";
  wait: boolean;
  agentId?: string | undefined;
  sessionId?: string | undefined;
  namespace?: string | undefined;
  subjectId?: string | undefined;
};

export type LearnJob = {
  options: {
    minPatternStrength?: number | undefined;
    artifactTypes?: ArtifactTypeName[] | undefined;
  };
  status: LearnJobStatus;
  error: string | null;
  id: string;
  createdAt: string;
  scope: "incremental" | "full";
  runId: string;
  jobId: string;
  filters: {
    agentId: string | null;
    sessionId: string | null;
    namespace: string | null;
    subjectId: string | null;
  };
  artifacts: {
    created: number;
    updated: number;
    unchanged: number;
    byType: Record<string, number>;
  };
  stats: {
    eventsProcessed: number;
    memoriesProcessed: number;
    memoriesCreated: number;
    memoriesMerged: number;
    memoriesSuperseded: number;
    patternsFound: number;
    compilationMs: number;
  };
  compiler: string | null;
  startedAt: string | null;
  finishedAt: string | null;
};

export type SynthesizeSection = "procedures" | "failures" | "decisions" | "facts" | "instructions" | "causal" | "context";

export type SynthesizeBody = {
  query: string;
  options?: {
    maxTokens?: number | undefined;
    sections?: SynthesizeSection[] | undefined;
    minConfidence?: number | undefined;
    includeProvenance?: boolean | undefined;
    includeSuperseded?: boolean | undefined;
  } | undefined;
  agentId?: string | undefined;
  sessionId?: string | undefined;
  namespace?: string | undefined;
  subjectId?: string | undefined;
  asOf?: string | undefined;
};

export type Provenance = {
  sourceType: "event" | "memory" | "artifact";
  sourceId: string;
  artifactType?: string | undefined;
  evidenceCount?: number | undefined;
};

export type SynthesizeEntry = {
  occurredAt: string | null;
  section: SynthesizeSection;
  content: string;
  confidence: number;
  score: number;
  kind: string;
  tokens: number;
  validFrom: string | null;
  validTo: string | null;
  provenance: Provenance[];
};

export type SynthesizeResult = {
  entries: SynthesizeEntry[];
  context: string;
  packId: string;
  budget: {
    limit: number;
    used: number;
    compressionRatio: number;
    entriesIncluded: number;
    entriesDropped: number;
    omitted: {
      duplicates: number;
      superseded: number;
      overBudget: number;
    };
    truncated: number;
  };
};

export type Artifact = {
  type: ArtifactTypeName;
  status: "superseded" | "active" | "deprecated";
  id: string;
  createdAt: string;
  version: number;
  sessionId: string | null;
  namespace: string;
  subjectId: string | null;
  evidenceCount: number;
  content: Record<string, unknown>;
  confidence: number;
  title: string;
  markdown: string;
  sourceEvents: string[];
  sourceMemories: string[];
  updatedAt: string;
};

export type Memory = {
  status: "superseded" | "active" | "archived";
  id: string;
  agentId: string | null;
  createdAt: string;
  sessionId: string | null;
  namespace: string;
  subjectId: string | null;
  occurredAt: string | null;
  content: string;
  confidence: number;
  kind: "fact" | "preference" | "instruction" | "episode" | "entity" | "procedure";
  validFrom: string;
  validTo: string | null;
  updatedAt: string;
  attributes: Record<string, unknown>;
  mentions: number;
  lastSeenAt: string;
  supersededBy: string | null;
  sourceEventIds: string[];
};

export type UsagePoint = {
  start: string;
  events: number;
  compilations: number;
  syntheses: number;
  tokensUsed: number;
};

export type UsageMetrics = {
  quota: {
    plan: string;
    eventsLimit: number | null;
    eventsUsed: number;
    resetDate: string;
    eventsRemaining: number | null;
  };
  artifacts: {
    total: number;
    byType: Record<string, number>;
  };
  period: {
    start: string;
    end: string;
    granularity: "minute" | "hour" | "day";
  };
  series: UsagePoint[];
  usage: {
    events: {
      total: number;
      ingested: number;
      duplicates: number;
      errors: number;
      byType: Record<string, number>;
    };
    compilations: {
      total: number;
      completed: number;
      failed: number;
      eventsProcessed: number;
      artifactsCreated: number;
      artifactsUpdated: number;
    };
    syntheses: {
      total: number;
      avgTokensUsed: number;
      avgCompressionRatio: number;
    };
  };
  memories: {
    total: number;
    superseded: number;
    active: number;
    byKind: Record<string, number>;
  };
  storage: {
    artifacts: number;
    events: number;
    memories: number;
    lineageEdges: number;
    bytes: number;
  };
};

export type Organization = {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  slug: string;
  role: Role;
};

export type Team = {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string;
  description: string | null;
  memberCount: number;
};

export type TeamDetail = {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string;
  description: string | null;
  memberCount: number;
  members: {
    status: "active" | "invited" | "removed";
    name: string | null;
    email: string;
    role: Role;
    memberId: string;
    userId: string | null;
    addedAt: string;
  }[];
};

export type Member = {
  status: "active" | "invited" | "removed";
  id: string;
  name: string | null;
  organizationId: string;
  createdAt: string;
  email: string;
  updatedAt: string;
  role: Role;
  userId: string | null;
  teamIds: string[];
  invitedBy: string | null;
  joinedAt: string | null;
};

export type Agent = {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
  metadata: Record<string, unknown>;
  updatedAt: string;
  description: string | null;
  framework: string | null;
  teamId: string | null;
  createdBy: string;
};

export type NamespaceSensitivity = "public" | "internal" | "confidential" | "restricted";

export type Namespace = {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string;
  description: string | null;
  teamIds: string[];
  createdBy: string | null;
  sensitivity: NamespaceSensitivity;
};

export type PolicyEffect = "allow" | "deny";

export type PolicyAction = KeyScope | "*";

export type PolicyConditions = {
  role?: Role | undefined;
  team?: string | undefined;
  agent?: string | undefined;
};

export type AccessPolicy = {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  effect: PolicyEffect;
  resource: string;
  action: PolicyAction;
  conditions: PolicyConditions;
  priority: number;
};

export type PolicySimulation = {
  message: string;
  namespace: {
    id: string;
    name: string;
    sensitivity: string;
  };
  effect: PolicyEffect;
  allowed: boolean;
  reason: "policy" | "default_allow" | "restricted_default_deny" | "key_namespace_mismatch" | "outside_organization" | "unregistered_namespace" | "role_lacks_action" | "key_scope_missing" | "key_inactive";
  decidedBy: {
    name: string;
    policyId: string;
  } | null;
  matched: {
    id: string;
    name: string;
    effect: PolicyEffect;
    priority: number;
  }[];
};

export type AuditOutcome = "failed" | "success" | "denied";

export type AuditEntry = {
  details: Record<string, unknown>;
  requestId: string | null;
  id: string;
  organizationId: string | null;
  createdAt: string;
  outcome: AuditOutcome;
  action: string;
  actorType: string;
  actorId: string;
  resourceType: string;
  resourceId: string | null;
  ip: string | null;
  userAgent: string | null;
};

export type AccessLogEntry = {
  requestId: string | null;
  id: string;
  environment: string;
  organizationId: string | null;
  agentId: string | null;
  createdAt: string;
  namespace: string | null;
  query: string | null;
  actorType: string;
  actorId: string;
  apiKeyId: string | null;
  operation: string;
  memoryIds: string[];
  artifactIds: string[];
};

export type LineageEdge = {
  type: string;
  from: string;
  to: string;
  timestamp: string;
};

export type LineageRecord = {
  sourceEvents: string[];
  memoryId: string;
  derivedArtifacts: string[];
  lineage: LineageEdge[];
};

export type LineageNode = {
  type: "event" | "memory" | "artifact" | "vault_item";
  id: string;
  label?: string | undefined;
};

export type LineageGraph = {
  truncated: boolean;
  memoryId: string;
  nodes: LineageNode[];
  edges: LineageEdge[];
};

export type LifecyclePolicy = {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
  scope: string;
  updatedAt: string;
  createdBy: string | null;
  retentionDays: number | null;
  archiveAfterDays: number | null;
  deleteAfterDays: number | null;
  lastRunAt: string | null;
};

export type LifecycleRun = {
  batches: number;
  archived: number;
  policyId: string;
  deleted: number;
  eventsPurged: number;
  artifactsRetired: number;
  vaultItemsDeleted: number;
  accessLogsScrubbed: number;
};

export type VaultSensitivity = "low" | "medium" | "high" | "critical";

export type Vault = {
  id: string;
  name: string;
  organizationId: string | null;
  createdAt: string;
  updatedAt: string;
  description: string | null;
  createdBy: string;
  sensitivity: VaultSensitivity;
  system: boolean;
};

export type VaultItem = {
  type: string | null;
  id: string;
  name: string;
  createdAt: string;
  version: number;
  metadata: Record<string, unknown>;
  updatedAt: string;
  createdBy: string;
  vaultId: string;
  reference: string;
};

export type VaultItemVersion = {
  createdAt: string;
  version: number;
  createdBy: string;
  current: boolean;
};

export type StoreFilter = Record<string, string | number | boolean | { $eq?: string | number | boolean | null | undefined; $ne?: string | number | boolean | null | undefined; $gt?: string | number | undefined; $gte?: string | number | undefined; $lt?: string | number | undefined; $lte?: string | number | undefined; $in?: (string | number | boolean | null)[] | undefined; $nin?: (string | number | boolean | null)[] | undefined; } | null>;

export type StoreItem = {
  value: Record<string, unknown>;
  path: string[];
  createdAt: string;
  namespace: string;
  updatedAt: string;
  key: string;
};

export type StoreSearchItem = {
  value: Record<string, unknown>;
  path: string[];
  createdAt: string;
  namespace: string;
  score: number | null;
  updatedAt: string;
  key: string;
};

/** `GET /health` */
export type OpsHealthInput = object;

/** `GET /health` */
export type OpsHealthData = Health;

/** `GET /metrics` */
export type OpsMetricsInput = object;

/** `GET /metrics` */
export type OpsMetricsData = string;

/** `POST /v1/auth/register` */
export type AuthRegisterInput = {
  email: string;
  password: string;
  name?: string | undefined;
  inviteToken?: string | undefined;
};

/** `POST /v1/auth/register` */
export type AuthRegisterData = {
  tokens: Tokens;
  user: User;
};

/** `POST /v1/auth/login` */
export type AuthLoginInput = {
  email: string;
  password: string;
};

/** `POST /v1/auth/login` */
export type AuthLoginData = {
  tokens: Tokens;
  user: User;
};

/** `POST /v1/auth/refresh` */
export type AuthRefreshInput = {
  refreshToken: string;
};

/** `POST /v1/auth/refresh` */
export type AuthRefreshData = {
  tokens: Tokens;
  user: User;
};

/** `POST /v1/auth/logout` */
export type AuthLogoutInput = {
  refreshToken: string;
};

/** `POST /v1/auth/logout` */
export type AuthLogoutData = {
  loggedOut: true;
};

/** `GET /v1/auth/me` */
export type AuthMeInput = object;

/** `GET /v1/auth/me` */
export type AuthMeData = {
  plan: string;
  user: User;
};

/** `GET /v1/api-keys` */
export type ApiKeysListInput = {
  cursor?: string | undefined;
  limit?: number | undefined;
};

/** `GET /v1/api-keys` */
export type ApiKeysListData = {
  apiKeys: ApiKey[];
  pagination: Pagination;
};

/** `POST /v1/api-keys` */
export type ApiKeysCreateInput = {
  name: string;
  environment?: Environment | undefined;
  organizationId?: string | undefined;
  namespaceId?: string | undefined;
  agentId?: string | undefined;
  scopes?: KeyScope[] | undefined;
  expiresAt?: string | undefined;
};

/** `POST /v1/api-keys` */
export type ApiKeysCreateData = {
  id: string;
  name: string;
  prefix: string;
  environment: Environment;
  organizationId: string | null;
  namespaceId: string | null;
  agentId: string | null;
  scopes: KeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  revoked: boolean;
  key: string;
};

/** `DELETE /v1/api-keys/:id` */
export type ApiKeysRevokeInput = {
  id: string;
};

/** `DELETE /v1/api-keys/:id` */
export type ApiKeysRevokeData = {
  id: string;
  deleted: true;
};

/** `GET /v1/admin/tenants` */
export type AdminListTenantsInput = {
  cursor?: string | undefined;
  limit?: number | undefined;
};

/** `GET /v1/admin/tenants` */
export type AdminListTenantsData = {
  pagination: Pagination;
  tenants: Tenant[];
};

/** `GET /v1/admin/tenants/:tenantId` */
export type AdminGetTenantInput = {
  tenantId: string;
};

/** `GET /v1/admin/tenants/:tenantId` */
export type AdminGetTenantData = Tenant;

/** `PATCH /v1/admin/tenants/:tenantId` */
export type AdminUpdateTenantInput = {
  tenantId: string;
  plan: PlanName;
};

/** `PATCH /v1/admin/tenants/:tenantId` */
export type AdminUpdateTenantData = Tenant;

/** `DELETE /v1/admin/users/:userId` */
export type AdminDeleteUserInput = {
  userId: string;
};

/** `DELETE /v1/admin/users/:userId` */
export type AdminDeleteUserData = {
  id: string;
  deleted: true;
};

/** `POST /v1/admin/kek/rotate` */
export type AdminRotateKekInput = {
  batchSize?: number | undefined;
  maxBatches?: number | undefined;
};

/** `POST /v1/admin/kek/rotate` */
export type AdminRotateKekData = KekRotation;

/** `POST /v1/capture` */
export type CaptureCaptureInput = {
  type: EventType;
  sessionId: string;
  payload: Record<string, unknown>;
  agentId?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  idempotencyKey?: string | undefined;
  namespace?: string | undefined;
  subjectId?: string | undefined;
  occurredAt?: string | undefined;
};

/** `POST /v1/capture` */
export type CaptureCaptureData = CaptureResult;

/** `POST /v1/capture/batch` */
export type CaptureCaptureBatchInput = {
  events: {
    type: EventType;
    sessionId: string;
    payload: Record<string, unknown>;
    agentId?: string | undefined;
    metadata?: Record<string, unknown> | undefined;
    idempotencyKey?: string | undefined;
    namespace?: string | undefined;
    subjectId?: string | undefined;
    occurredAt?: string | undefined;
  }[];
};

/** `POST /v1/capture/batch` */
export type CaptureCaptureBatchData = BatchCaptureResult;

/** `GET /v1/events` */
export type CaptureListEventsInput = {
  type?: EventType | undefined;
  cursor?: string | undefined;
  agentId?: string | undefined;
  sessionId?: string | undefined;
  namespace?: string | undefined;
  subjectId?: string | undefined;
  limit?: number | undefined;
};

/** `GET /v1/events` */
export type CaptureListEventsData = {
  events: StoredEvent[];
  pagination: Pagination;
};

/** `POST /v1/learn` */
export type LearnLearnInput = {
  options?: {
    minPatternStrength?: number | undefined;
    artifactTypes?: ArtifactTypeName[] | undefined;
  } | undefined;
  agentId?: string | undefined;
  sessionId?: string | undefined;
  namespace?: string | undefined;
  subjectId?: string | undefined;
  scope?: "incremental" | "full" | undefined;
  wait?: boolean | undefined;
};

/** `POST /v1/learn` */
export type LearnLearnData = LearnJob;

/** `GET /v1/learn/jobs` */
export type LearnListJobsInput = {
  status?: LearnJobStatus | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
};

/** `GET /v1/learn/jobs` */
export type LearnListJobsData = {
  pagination: Pagination;
  jobs: LearnJob[];
};

/** `GET /v1/learn/jobs/:id` */
export type LearnGetJobInput = {
  id: string;
};

/** `GET /v1/learn/jobs/:id` */
export type LearnGetJobData = LearnJob;

/** `POST /v1/synthesize` */
export type SynthesizeSynthesizeInput = {
  query: string;
  options?: {
    maxTokens?: number | undefined;
    sections?: SynthesizeSection[] | undefined;
    minConfidence?: number | undefined;
    includeProvenance?: boolean | undefined;
    includeSuperseded?: boolean | undefined;
  } | undefined;
  agentId?: string | undefined;
  sessionId?: string | undefined;
  namespace?: string | undefined;
  subjectId?: string | undefined;
  asOf?: string | undefined;
};

/** `POST /v1/synthesize` */
export type SynthesizeSynthesizeData = SynthesizeResult;

/** `GET /v1/artifacts` */
export type ArtifactsListInput = {
  type?: ArtifactTypeName | undefined;
  sort?: "createdAt" | "evidenceCount" | "confidence" | "updatedAt" | undefined;
  status?: "superseded" | "active" | "deprecated" | undefined;
  cursor?: string | undefined;
  sessionId?: string | undefined;
  namespace?: string | undefined;
  subjectId?: string | undefined;
  limit?: number | undefined;
  order?: "asc" | "desc" | undefined;
};

/** `GET /v1/artifacts` */
export type ArtifactsListData = {
  artifacts: Artifact[];
  pagination: Pagination;
};

/** `GET /v1/artifacts/:id` */
export type ArtifactsGetInput = {
  id: string;
};

/** `GET /v1/artifacts/:id` */
export type ArtifactsGetData = Artifact;

/** `GET /v1/memories` */
export type MemoriesListInput = {
  status?: "superseded" | "active" | "archived" | undefined;
  cursor?: string | undefined;
  sessionId?: string | undefined;
  namespace?: string | undefined;
  subjectId?: string | undefined;
  kind?: "fact" | "preference" | "instruction" | "episode" | "entity" | "procedure" | undefined;
  limit?: number | undefined;
};

/** `GET /v1/memories` */
export type MemoriesListData = {
  memories: Memory[];
  pagination: Pagination;
};

/** `GET /v1/memories/:id` */
export type MemoriesGetInput = {
  id: string;
};

/** `GET /v1/memories/:id` */
export type MemoriesGetData = Memory;

/** `DELETE /v1/memories/:id` */
export type MemoriesDeleteInput = {
  id: string;
};

/** `DELETE /v1/memories/:id` */
export type MemoriesDeleteData = {
  id: string;
  deleted: true;
  artifactsDeprecated: number;
};

/** `DELETE /v1/subjects/:subjectId` */
export type MemoriesForgetSubjectInput = {
  subjectId: string;
  namespace?: string | undefined;
};

/** `DELETE /v1/subjects/:subjectId` */
export type MemoriesForgetSubjectData = {
  subjectId: string;
  deleted: {
    artifacts: number;
    events: number;
    memories: number;
    lineageEdges: number;
    accessLogsScrubbed: number;
    vaultItems: number;
  };
};

/** `PUT /v1/store/item` */
export type StorePutInput = {
  value: Record<string, unknown>;
  path: string[];
  key: string;
  namespace?: string | undefined;
};

/** `PUT /v1/store/item` */
export type StorePutData = StoreItem;

/** `GET /v1/store/item` */
export type StoreGetInput = {
  path: string;
  key: string;
  namespace?: string | undefined;
};

/** `GET /v1/store/item` */
export type StoreGetData = StoreItem;

/** `DELETE /v1/store/item` */
export type StoreDeleteInput = {
  path: string;
  key: string;
  namespace?: string | undefined;
};

/** `DELETE /v1/store/item` */
export type StoreDeleteData = {
  path: string[];
  deleted: boolean;
  key: string;
};

/** `POST /v1/store/search` */
export type StoreSearchInput = {
  filter?: Record<string, string | number | boolean | { $eq?: string | number | boolean | null | undefined; $ne?: string | number | boolean | null | undefined; $gt?: string | number | undefined; $gte?: string | number | undefined; $lt?: string | number | undefined; $lte?: string | number | undefined; $in?: (string | number | boolean | null)[] | undefined; $nin?: (string | number | boolean | null)[] | undefined; } | null> | undefined;
  offset?: number | undefined;
  namespace?: string | undefined;
  query?: string | undefined;
  limit?: number | undefined;
  pathPrefix?: string[] | undefined;
};

/** `POST /v1/store/search` */
export type StoreSearchData = {
  items: StoreSearchItem[];
};

/** `GET /v1/store/paths` */
export type StoreListPathsInput = {
  prefix?: string | undefined;
  offset?: number | undefined;
  namespace?: string | undefined;
  limit?: number | undefined;
  suffix?: string | undefined;
  maxDepth?: number | undefined;
};

/** `GET /v1/store/paths` */
export type StoreListPathsData = {
  paths: string[][];
};

/** `GET /v1/usage-metrics` */
export type UsageGetInput = {
  period?: "1h" | "24h" | "7d" | "30d" | undefined;
  granularity?: "minute" | "hour" | "day" | undefined;
};

/** `GET /v1/usage-metrics` */
export type UsageGetData = UsageMetrics;

/** `POST /v1/organizations` */
export type OrganizationsCreateInput = {
  name: string;
  slug?: string | undefined;
};

/** `POST /v1/organizations` */
export type OrganizationsCreateData = Organization;

/** `GET /v1/organizations` */
export type OrganizationsListInput = {
  cursor?: string | undefined;
  limit?: number | undefined;
};

/** `GET /v1/organizations` */
export type OrganizationsListData = {
  pagination: Pagination;
  organizations: Organization[];
};

/** `GET /v1/organizations/:orgId` */
export type OrganizationsGetInput = {
  orgId?: string | undefined;
};

/** `GET /v1/organizations/:orgId` */
export type OrganizationsGetData = Organization;

/** `PATCH /v1/organizations/:orgId` */
export type OrganizationsUpdateInput = {
  orgId?: string | undefined;
  name: string;
};

/** `PATCH /v1/organizations/:orgId` */
export type OrganizationsUpdateData = Organization;

/** `POST /v1/organizations/:orgId/teams` */
export type TeamsCreateInput = {
  orgId?: string | undefined;
  name: string;
  description?: string | undefined;
};

/** `POST /v1/organizations/:orgId/teams` */
export type TeamsCreateData = Team;

/** `GET /v1/organizations/:orgId/teams` */
export type TeamsListInput = {
  orgId?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
};

/** `GET /v1/organizations/:orgId/teams` */
export type TeamsListData = {
  pagination: Pagination;
  teams: Team[];
};

/** `GET /v1/organizations/:orgId/teams/:teamId` */
export type TeamsGetInput = {
  teamId: string;
  orgId?: string | undefined;
};

/** `GET /v1/organizations/:orgId/teams/:teamId` */
export type TeamsGetData = TeamDetail;

/** `PATCH /v1/organizations/:orgId/teams/:teamId` */
export type TeamsUpdateInput = {
  teamId: string;
  orgId?: string | undefined;
  name?: string | undefined;
  description?: string | undefined | null;
  memberIds?: string[] | undefined;
};

/** `PATCH /v1/organizations/:orgId/teams/:teamId` */
export type TeamsUpdateData = TeamDetail;

/** `DELETE /v1/organizations/:orgId/teams/:teamId` */
export type TeamsDeleteInput = {
  teamId: string;
  orgId?: string | undefined;
};

/** `DELETE /v1/organizations/:orgId/teams/:teamId` */
export type TeamsDeleteData = {
  id: string;
  deleted: true;
};

/** `POST /v1/organizations/:orgId/members/invite` */
export type MembersInviteInput = {
  orgId?: string | undefined;
  email: string;
  role: Role;
  teamIds?: string[] | undefined;
};

/** `POST /v1/organizations/:orgId/members/invite` */
export type MembersInviteData = {
  inviteToken: string | null;
  member: Member;
  inviteExpiresAt: string | null;
};

/** `GET /v1/organizations/:orgId/members` */
export type MembersListInput = {
  orgId?: string | undefined;
  status?: "active" | "invited" | "removed" | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
};

/** `GET /v1/organizations/:orgId/members` */
export type MembersListData = {
  members: Member[];
  pagination: Pagination;
};

/** `PATCH /v1/organizations/:orgId/members/:memberId` */
export type MembersUpdateInput = {
  memberId: string;
  orgId?: string | undefined;
  role: Role;
};

/** `PATCH /v1/organizations/:orgId/members/:memberId` */
export type MembersUpdateData = Member;

/** `DELETE /v1/organizations/:orgId/members/:memberId` */
export type MembersRemoveInput = {
  memberId: string;
  orgId?: string | undefined;
};

/** `DELETE /v1/organizations/:orgId/members/:memberId` */
export type MembersRemoveData = {
  id: string;
  deleted: true;
};

/** `POST /v1/organizations/:orgId/agents` */
export type AgentsCreateInput = {
  orgId?: string | undefined;
  name: string;
  metadata?: Record<string, unknown> | undefined;
  description?: string | undefined;
  framework?: string | undefined;
  teamId?: string | undefined;
};

/** `POST /v1/organizations/:orgId/agents` */
export type AgentsCreateData = Agent;

/** `GET /v1/organizations/:orgId/agents` */
export type AgentsListInput = {
  orgId?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
  teamId?: string | undefined;
};

/** `GET /v1/organizations/:orgId/agents` */
export type AgentsListData = {
  pagination: Pagination;
  agents: Agent[];
};

/** `GET /v1/organizations/:orgId/agents/:agentId` */
export type AgentsGetInput = {
  agentId: string;
  orgId?: string | undefined;
};

/** `GET /v1/organizations/:orgId/agents/:agentId` */
export type AgentsGetData = Agent;

/** `PATCH /v1/organizations/:orgId/agents/:agentId` */
export type AgentsUpdateInput = {
  agentId: string;
  orgId?: string | undefined;
  name?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  description?: string | undefined | null;
  framework?: string | undefined | null;
  teamId?: string | undefined | null;
};

/** `PATCH /v1/organizations/:orgId/agents/:agentId` */
export type AgentsUpdateData = Agent;

/** `DELETE /v1/organizations/:orgId/agents/:agentId` */
export type AgentsDeleteInput = {
  agentId: string;
  orgId?: string | undefined;
};

/** `DELETE /v1/organizations/:orgId/agents/:agentId` */
export type AgentsDeleteData = {
  id: string;
  deleted: true;
};

/** `POST /v1/organizations/:orgId/namespaces` */
export type NamespacesCreateInput = {
  orgId?: string | undefined;
  name: string;
  description?: string | undefined;
  teamIds?: string[] | undefined;
  sensitivity?: NamespaceSensitivity | undefined;
};

/** `POST /v1/organizations/:orgId/namespaces` */
export type NamespacesCreateData = Namespace;

/** `GET /v1/organizations/:orgId/namespaces` */
export type NamespacesListInput = {
  orgId?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
};

/** `GET /v1/organizations/:orgId/namespaces` */
export type NamespacesListData = {
  pagination: Pagination;
  namespaces: Namespace[];
};

/** `GET /v1/organizations/:orgId/namespaces/:namespaceId` */
export type NamespacesGetInput = {
  namespaceId: string;
  orgId?: string | undefined;
};

/** `GET /v1/organizations/:orgId/namespaces/:namespaceId` */
export type NamespacesGetData = Namespace;

/** `PATCH /v1/organizations/:orgId/namespaces/:namespaceId` */
export type NamespacesUpdateInput = {
  namespaceId: string;
  orgId?: string | undefined;
  name?: string | undefined;
  description?: string | undefined | null;
  teamIds?: string[] | undefined;
  sensitivity?: NamespaceSensitivity | undefined;
};

/** `PATCH /v1/organizations/:orgId/namespaces/:namespaceId` */
export type NamespacesUpdateData = Namespace;

/** `POST /v1/organizations/:orgId/policies` */
export type PoliciesCreateInput = {
  orgId?: string | undefined;
  name: string;
  effect: PolicyEffect;
  resource: string;
  action: PolicyAction;
  priority: number;
  conditions?: {
    role?: Role | undefined;
    team?: string | undefined;
    agent?: string | undefined;
  } | undefined;
};

/** `POST /v1/organizations/:orgId/policies` */
export type PoliciesCreateData = AccessPolicy;

/** `GET /v1/organizations/:orgId/policies` */
export type PoliciesListInput = {
  orgId?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
};

/** `GET /v1/organizations/:orgId/policies` */
export type PoliciesListData = {
  pagination: Pagination;
  policies: AccessPolicy[];
};

/** `GET /v1/organizations/:orgId/policies/:policyId` */
export type PoliciesGetInput = {
  policyId: string;
  orgId?: string | undefined;
};

/** `GET /v1/organizations/:orgId/policies/:policyId` */
export type PoliciesGetData = AccessPolicy;

/** `PATCH /v1/organizations/:orgId/policies/:policyId` */
export type PoliciesUpdateInput = {
  policyId: string;
  orgId?: string | undefined;
  name?: string | undefined;
  effect?: PolicyEffect | undefined;
  resource?: string | undefined;
  action?: PolicyAction | undefined;
  conditions?: {
    role?: Role | undefined;
    team?: string | undefined;
    agent?: string | undefined;
  } | undefined;
  priority?: number | undefined;
};

/** `PATCH /v1/organizations/:orgId/policies/:policyId` */
export type PoliciesUpdateData = AccessPolicy;

/** `DELETE /v1/organizations/:orgId/policies/:policyId` */
export type PoliciesDeleteInput = {
  policyId: string;
  orgId?: string | undefined;
};

/** `DELETE /v1/organizations/:orgId/policies/:policyId` */
export type PoliciesDeleteData = {
  id: string;
  deleted: true;
};

/** `POST /v1/organizations/:orgId/policies/simulate` */
export type PoliciesSimulateInput = {
  orgId?: string | undefined;
  namespace: string;
  action: KeyScope;
  agentId?: string | undefined;
  keyId?: string | undefined;
};

/** `POST /v1/organizations/:orgId/policies/simulate` */
export type PoliciesSimulateData = PolicySimulation;

/** `GET /v1/audit` */
export type AuditTenantListInput = {
  cursor?: string | undefined;
  organizationId?: string | undefined;
  outcome?: AuditOutcome | undefined;
  limit?: number | undefined;
  action?: string | undefined;
  actorId?: string | undefined;
  resourceType?: string | undefined;
  resourceId?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
};

/** `GET /v1/audit` */
export type AuditTenantListData = {
  entries: AuditEntry[];
  pagination: Pagination;
};

/** `GET /v1/organizations/:orgId/audit` */
export type AuditListInput = {
  orgId?: string | undefined;
  cursor?: string | undefined;
  outcome?: AuditOutcome | undefined;
  limit?: number | undefined;
  action?: string | undefined;
  actorId?: string | undefined;
  resourceType?: string | undefined;
  resourceId?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
};

/** `GET /v1/organizations/:orgId/audit` */
export type AuditListData = {
  entries: AuditEntry[];
  pagination: Pagination;
};

/** `GET /v1/organizations/:orgId/access-logs` */
export type AuditAccessLogsInput = {
  orgId?: string | undefined;
  requestId?: string | undefined;
  cursor?: string | undefined;
  agentId?: string | undefined;
  namespace?: string | undefined;
  limit?: number | undefined;
  apiKeyId?: string | undefined;
  operation?: string | undefined;
};

/** `GET /v1/organizations/:orgId/access-logs` */
export type AuditAccessLogsData = {
  entries: AccessLogEntry[];
  pagination: Pagination;
};

/** `GET /v1/organizations/:orgId/lineage/:memoryId` */
export type LineageGetInput = {
  memoryId: string;
  orgId?: string | undefined;
};

/** `GET /v1/organizations/:orgId/lineage/:memoryId` */
export type LineageGetData = LineageRecord;

/** `GET /v1/organizations/:orgId/lineage/graph/:memoryId` */
export type LineageGraphInput = {
  memoryId: string;
  orgId?: string | undefined;
};

/** `GET /v1/organizations/:orgId/lineage/graph/:memoryId` */
export type LineageGraphData = LineageGraph;

/** `POST /v1/organizations/:orgId/lifecycle-policies` */
export type LifecycleCreateInput = {
  orgId?: string | undefined;
  name: string;
  scope: string;
  retentionDays?: number | undefined;
  archiveAfterDays?: number | undefined;
  deleteAfterDays?: number | undefined;
};

/** `POST /v1/organizations/:orgId/lifecycle-policies` */
export type LifecycleCreateData = LifecyclePolicy;

/** `GET /v1/organizations/:orgId/lifecycle-policies` */
export type LifecycleListInput = {
  orgId?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
};

/** `GET /v1/organizations/:orgId/lifecycle-policies` */
export type LifecycleListData = {
  pagination: Pagination;
  lifecyclePolicies: LifecyclePolicy[];
};

/** `GET /v1/organizations/:orgId/lifecycle-policies/:policyId` */
export type LifecycleGetInput = {
  policyId: string;
  orgId?: string | undefined;
};

/** `GET /v1/organizations/:orgId/lifecycle-policies/:policyId` */
export type LifecycleGetData = LifecyclePolicy;

/** `PATCH /v1/organizations/:orgId/lifecycle-policies/:policyId` */
export type LifecycleUpdateInput = {
  policyId: string;
  orgId?: string | undefined;
  name?: string | undefined;
  scope?: string | undefined;
  retentionDays?: number | undefined | null;
  archiveAfterDays?: number | undefined | null;
  deleteAfterDays?: number | undefined | null;
};

/** `PATCH /v1/organizations/:orgId/lifecycle-policies/:policyId` */
export type LifecycleUpdateData = LifecyclePolicy;

/** `DELETE /v1/organizations/:orgId/lifecycle-policies/:policyId` */
export type LifecycleDeleteInput = {
  policyId: string;
  orgId?: string | undefined;
};

/** `DELETE /v1/organizations/:orgId/lifecycle-policies/:policyId` */
export type LifecycleDeleteData = {
  id: string;
  deleted: true;
};

/** `POST /v1/organizations/:orgId/lifecycle-policies/run` */
export type LifecycleRunInput = {
  orgId?: string | undefined;
  policyId?: string | undefined;
  dryRun?: boolean | undefined;
};

/** `POST /v1/organizations/:orgId/lifecycle-policies/run` */
export type LifecycleRunData = {
  dryRun: boolean;
  ranAt: string;
  runs: LifecycleRun[];
};

/** `POST /v1/organizations/:orgId/lifecycle-policies/preview` */
export type LifecyclePreviewInput = {
  orgId?: string | undefined;
  asOf?: string | undefined;
  policyId?: string | undefined;
};

/** `POST /v1/organizations/:orgId/lifecycle-policies/preview` */
export type LifecyclePreviewData = {
  dryRun: boolean;
  ranAt: string;
  runs: LifecycleRun[];
};

/** `POST /v1/vaults` */
export type VaultCreateVaultInput = {
  name: string;
  organizationId?: string | undefined;
  description?: string | undefined;
  sensitivity?: VaultSensitivity | undefined;
};

/** `POST /v1/vaults` */
export type VaultCreateVaultData = Vault;

/** `GET /v1/vaults` */
export type VaultListVaultsInput = {
  cursor?: string | undefined;
  limit?: number | undefined;
};

/** `GET /v1/vaults` */
export type VaultListVaultsData = {
  pagination: Pagination;
  vaults: Vault[];
};

/** `PATCH /v1/vaults/:vaultId` */
export type VaultUpdateVaultInput = {
  vaultId: string;
  name?: string | undefined;
  organizationId?: string | undefined | null;
  description?: string | undefined | null;
  sensitivity?: VaultSensitivity | undefined;
};

/** `PATCH /v1/vaults/:vaultId` */
export type VaultUpdateVaultData = Vault;

/** `DELETE /v1/vaults/:vaultId` */
export type VaultDeleteVaultInput = {
  vaultId: string;
};

/** `DELETE /v1/vaults/:vaultId` */
export type VaultDeleteVaultData = {
  id: string;
  deleted: true;
};

/** `POST /v1/vaults/:vaultId/items` */
export type VaultCreateItemInput = {
  vaultId: string;
  value: string;
  name: string;
  type?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
};

/** `POST /v1/vaults/:vaultId/items` */
export type VaultCreateItemData = VaultItem;

/** `GET /v1/vaults/:vaultId/items` */
export type VaultListItemsInput = {
  vaultId: string;
  cursor?: string | undefined;
  limit?: number | undefined;
};

/** `GET /v1/vaults/:vaultId/items` */
export type VaultListItemsData = {
  pagination: Pagination;
  items: VaultItem[];
};

/** `GET /v1/vaults/:vaultId/items/:itemId` */
export type VaultGetItemInput = {
  vaultId: string;
  itemId: string;
  version?: number | undefined;
};

/** `GET /v1/vaults/:vaultId/items/:itemId` */
export type VaultGetItemData = {
  value: string;
  type: string | null;
  id: string;
  name: string;
  createdAt: string;
  version: number;
  metadata: Record<string, unknown>;
  updatedAt: string;
  createdBy: string;
  vaultId: string;
  reference: string;
};

/** `POST /v1/vaults/:id/items/:itemId/reveal` */
export type VaultRevealItemInput = {
  id: string;
  itemId: string;
  password?: string | undefined;
  version?: number | undefined;
};

/** `POST /v1/vaults/:id/items/:itemId/reveal` */
export type VaultRevealItemData = {
  value: string;
  id: string;
  name: string;
  version: number;
  vaultId: string;
  revealedAt: string;
};

/** `DELETE /v1/vaults/:vaultId/items/:itemId` */
export type VaultDeleteItemInput = {
  vaultId: string;
  itemId: string;
};

/** `DELETE /v1/vaults/:vaultId/items/:itemId` */
export type VaultDeleteItemData = {
  id: string;
  deleted: true;
};

/** `PATCH /v1/vaults/:vaultId/items/:itemId` */
export type VaultUpdateItemInput = {
  vaultId: string;
  itemId: string;
  value?: string | undefined;
  type?: string | undefined | null;
  name?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
};

/** `PATCH /v1/vaults/:vaultId/items/:itemId` */
export type VaultUpdateItemData = VaultItem;

/** `GET /v1/vaults/:vaultId/items/:itemId/versions` */
export type VaultListItemVersionsInput = {
  vaultId: string;
  itemId: string;
  cursor?: string | undefined;
  limit?: number | undefined;
};

/** `GET /v1/vaults/:vaultId/items/:itemId/versions` */
export type VaultListItemVersionsData = {
  pagination: Pagination;
  versions: VaultItemVersion[];
};

/** `DELETE /v1/vaults/:vaultId/items/:itemId/versions` */
export type VaultPruneItemVersionsInput = {
  vaultId: string;
  itemId: string;
  keep?: number | undefined;
};

/** `DELETE /v1/vaults/:vaultId/items/:itemId/versions` */
export type VaultPruneItemVersionsData = {
  id: string;
  version: number;
  pruned: number[];
};

/** `GET /v1/vaults/:id/audit` */
export type VaultAuditInput = {
  id: string;
  cursor?: string | undefined;
  limit?: number | undefined;
};

/** `GET /v1/vaults/:id/audit` */
export type VaultAuditData = {
  entries: {
    details: Record<string, unknown>;
    requestId: string | null;
    id: string;
    createdAt: string;
    action: string;
    actorType: string;
    actorId: string;
    resourceType: string;
    resourceId: string | null;
    ip: string | null;
    userAgent: string | null;
  }[];
  pagination: Pagination;
};
