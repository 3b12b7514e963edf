/** What the capture operations share, built once by createCaptureService (capture.ts). */
import type { Database } from '../../../db/client.js';
import type { VaultService } from '../../vault/vault.js';
import type { NamespaceAccessChecker } from '../namespace-scope.js';
import type { QuotaService } from '../quota.js';
import type { CaptureCounters } from './counters.js';

export interface CaptureRuntime {
  database: Database;
  policies: NamespaceAccessChecker;
  vault: Pick<VaultService, 'redactCapture'>;
  quota: Pick<QuotaService, 'refusal' | 'countBehind' | 'settle'>;
  counters: Pick<CaptureCounters, 'add'>;
}

/** The field prefix of an event's errors: '' for a single capture, `events[i].` in a batch. */
export type FieldPrefix = (index: number) => string;
