// Role-based access control with inherited roles and wildcard grants.
// Permissions are dotted names such as "docs.read"; a grant "docs.*" covers
// every permission below "docs.", and "*" covers everything.

export interface Role {
  name: string;
  grants: string[];
  inherits?: string[];
}

export function matches(grant: string, permission: string): boolean {
  if (grant === '*') return true;
  if (grant.endsWith('.*')) {
    const prefix = grant.slice(0, -2);
    return permission.startsWith(prefix);
  }
  return grant === permission;
}

export class AccessControl {
  private roles = new Map<string, Role>();

  addRole(role: Role): this {
    this.roles.set(role.name, role);
    return this;
  }

  grantsOf(roleName: string, seen: Set<string> = new Set()): Set<string> {
    if (seen.has(roleName)) return new Set();
    seen.add(roleName);
    const role = this.roles.get(roleName);
    if (!role) throw new Error(`unknown role: ${roleName}`);
    const grants = new Set(role.grants);
    for (const parent of role.inherits ?? []) {
      for (const g of this.grantsOf(parent, seen)) grants.add(g);
    }
    return grants;
  }

  can(roleName: string, permission: string): boolean {
    for (const grant of this.grantsOf(roleName)) {
      if (matches(grant, permission)) return true;
    }
    return false;
  }

  canAll(roleNames: string[], permissions: string[]): boolean {
    return permissions.every((p) => roleNames.some((r) => this.can(r, p)));
  }
}
