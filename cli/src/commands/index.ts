/**
 * Every top-level command of `hx`, one module per file, in the order `hx --help` lists them. A new
 * command is a file exporting `register<Name>(program)` and one line here.
 */
import type { Command } from 'commander';
import { registerAccount } from './account.js';
import { registerAdmin } from './admin.js';
import { registerAgents } from './agents.js';
import { registerArtifacts } from './artifacts.js';
import { registerAudit } from './audit.js';
import { registerCapture } from './capture.js';
import { registerForget } from './forget.js';
import { registerImport } from './import-events.js';
import { registerKeys } from './keys.js';
import { registerLearn } from './learn.js';
import { registerLifecycle } from './lifecycle.js';
import { registerMcp } from './mcp.js';
import { registerMembers } from './members.js';
import { registerMemories } from './memories.js';
import { registerMigrate } from './migrate.js';
import { registerNamespaces } from './namespaces.js';
import { registerOrgs } from './orgs.js';
import { registerPolicies } from './policies.js';
import { registerProfiles } from './profiles.js';
import { registerServe } from './serve.js';
import { registerSynthesize } from './synthesize.js';
import { registerTeams } from './teams.js';
import { registerUsage } from './usage.js';
import { registerVault } from './vault.js';
import { registerWorker } from './worker.js';

export type CommandModule = (program: Command) => void;

export const commandModules: CommandModule[] = [
  // running a deployment
  registerServe,
  registerWorker,
  registerMigrate,
  // session and profiles
  registerAccount,
  registerProfiles,
  registerKeys,
  // the core loop (API key)
  registerCapture,
  registerImport,
  registerLearn,
  registerSynthesize,
  registerArtifacts,
  registerMemories,
  registerForget,
  registerUsage,
  registerMcp,
  // organizations (JWT)
  registerOrgs,
  registerTeams,
  registerMembers,
  registerAgents,
  registerNamespaces,
  registerPolicies,
  registerLifecycle,
  registerAudit,
  registerVault,
  // operator
  registerAdmin,
];
