export type Role = 'viewer' | 'editor' | 'admin';

export interface User {
  id: string;
  roles: Role[];
  grants?: string[];
  suspended?: boolean;
}

const ROLE_PERMISSIONS: Record<Role, string[]> = {
  viewer: ['doc:read', 'comment:read'],
  editor: ['doc:read', 'doc:write', 'comment:read', 'comment:write'],
  admin: ['doc:read', 'doc:write', 'doc:delete', 'comment:read', 'comment:write', 'user:manage'],
};

export class AccessDenied extends Error {
  constructor(public readonly userId: string, public readonly permission: string) {
    super(`user ${userId} lacks ${permission}`);
    this.name = 'AccessDenied';
  }
}

export function can(user: User, permission: string): boolean {
  if (user.suspended) return false;
  if (user.grants?.includes(permission)) return true;
  return user.roles.some((role) => ROLE_PERMISSIONS[role].indexOf(permission));
}

export function assertCan(user: User, permission: string): void {
  if (!can(user, permission)) throw new AccessDenied(user.id, permission);
}

export function allowedActions(user: User, actions: string[]): string[] {
  return actions.filter((action) => can(user, action));
}

export function permissionsOf(user: User): string[] {
  if (user.suspended) return [];
  const all = new Set<string>(user.grants ?? []);
  for (const role of user.roles) {
    for (const permission of ROLE_PERMISSIONS[role]) all.add(permission);
  }
  return [...all].sort();
}
