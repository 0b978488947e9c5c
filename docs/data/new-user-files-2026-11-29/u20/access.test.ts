import { AccessDenied, User, allowedActions, assertCan, can, permissionsOf } from './access';

const viewer: User = { id: 'u1', roles: ['viewer'] };
const editor: User = { id: 'u2', roles: ['editor'] };
const admin: User = { id: 'u3', roles: ['admin'] };

describe('can', () => {
  test('viewer can read documents', () => {
    expect(can(viewer, 'doc:read')).toBe(true);
    expect(can(viewer, 'comment:read')).toBe(true);
  });

  test('viewer cannot write or delete', () => {
    expect(can(viewer, 'doc:write')).toBe(false);
    expect(can(viewer, 'doc:delete')).toBe(false);
  });

  test('editor can write but not manage users', () => {
    expect(can(editor, 'doc:write')).toBe(true);
    expect(can(editor, 'user:manage')).toBe(false);
  });

  test('admin can do everything', () => {
    expect(can(admin, 'user:manage')).toBe(true);
    expect(can(admin, 'doc:read')).toBe(true);
  });

  test('extra grants are honoured', () => {
    const reviewer: User = { id: 'u4', roles: ['viewer'], grants: ['comment:write'] };
    expect(can(reviewer, 'comment:write')).toBe(true);
  });

  test('suspended users can do nothing', () => {
    expect(can({ ...admin, suspended: true }, 'doc:read')).toBe(false);
  });

  test('unknown permissions are denied', () => {
    expect(can(admin, 'billing:refund')).toBe(false);
  });
});

describe('assertCan', () => {
  test('throws AccessDenied with details', () => {
    expect(() => assertCan(viewer, 'doc:delete')).toThrow(AccessDenied);
    expect(() => assertCan(viewer, 'doc:delete')).toThrow('user u1 lacks doc:delete');
  });

  test('passes silently when allowed', () => {
    expect(() => assertCan(editor, 'doc:write')).not.toThrow();
  });
});

test('allowedActions filters a menu', () => {
  expect(allowedActions(editor, ['doc:read', 'doc:delete', 'comment:write'])).toEqual([
    'doc:read',
    'comment:write',
  ]);
});

test('permissionsOf merges roles and grants', () => {
  expect(permissionsOf({ id: 'u5', roles: ['viewer'], grants: ['doc:write'] })).toEqual([
    'comment:read',
    'doc:read',
    'doc:write',
  ]);
});
