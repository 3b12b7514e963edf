/**
 * Organization roles and the permissions each holds (docs/api.md, Roles and permissions). Published in the contract so
 * clients, docs and the server's checks read one table.
 */
import { z } from 'zod';

export const PERMISSIONS = [
  'org:read',
  'org:update',
  'team:create',
  'team:list',
  'team:update',
  'team:delete',
  'member:invite',
  'member:list',
  'member:update_role',
  'member:remove',
  'agent:create',
  'agent:read',
  'agent:update',
  'agent:delete',
  'namespace:create',
  'namespace:read',
  'namespace:update',
  'policy:create',
  'policy:read',
  'policy:update',
  'audit:read',
  'lineage:read',
  'lifecycle:manage',
  // Vaults owned by the organization (docs/decisions/vault.md, "Who sees a vault").
  'vault:read',
  'vault:write',
  'org:transfer_ownership',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const PermissionSchema = z.enum(PERMISSIONS);

export const ROLES = ['owner', 'admin', 'manager', 'developer', 'analyst', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = z.enum(ROLES);

const byPrefix = (prefix: string) => PERMISSIONS.filter((p) => p.startsWith(prefix));

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS.filter((p) => p !== 'org:transfer_ownership'),
  manager: [
    'org:read',
    ...byPrefix('team:'),
    'member:invite',
    'member:list',
    'member:update_role',
    ...byPrefix('agent:'),
    ...byPrefix('namespace:'),
    'policy:read',
    'audit:read',
    'lineage:read',
    'vault:read',
    'vault:write',
  ],
  developer: [
    'org:read',
    'team:list',
    'agent:create',
    'agent:read',
    'agent:update',
    'namespace:read',
    'policy:read',
    'lineage:read',
    'vault:read',
  ],
  analyst: ['org:read', 'team:list', 'agent:read', 'namespace:read', 'policy:read', 'audit:read', 'lineage:read'],
  viewer: ['org:read', 'team:list', 'agent:read', 'namespace:read'],
};

/** Roles a manager may grant: never owner or admin. */
export const MANAGER_GRANTABLE_ROLES: readonly Role[] = ['manager', 'developer', 'analyst', 'viewer'];

export function roleHasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * The most an API key may do on the core routes when its creator holds this role in the key's
 * organization: keys never grant more than their creator (docs/decisions/access-control.md).
 */
export const ROLE_KEY_SCOPES: Record<Role, readonly ('read' | 'write' | 'delete')[]> = {
  owner: ['read', 'write', 'delete'],
  admin: ['read', 'write', 'delete'],
  manager: ['read', 'write'],
  developer: ['read', 'write'],
  analyst: ['read'],
  viewer: ['read'],
};
