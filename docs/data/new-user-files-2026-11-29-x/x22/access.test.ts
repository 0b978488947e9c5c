import { AccessControl, matches } from './access';

describe('matches', () => {
  it('exact grants', () => {
    expect(matches('docs.read', 'docs.read')).toBe(true);
    expect(matches('docs.read', 'docs.write')).toBe(false);
  });

  it('wildcard grants cover everything below the prefix', () => {
    expect(matches('docs.*', 'docs.read')).toBe(true);
    expect(matches('docs.*', 'docs.admin.delete')).toBe(true);
    expect(matches('*', 'billing.refund')).toBe(true);
  });

  it('wildcards respect segment boundaries', () => {
    expect(matches('docs.*', 'docsets.delete')).toBe(false);
    expect(matches('docs.*', 'docs')).toBe(false);
    expect(matches('bill.*', 'billing.refund')).toBe(false);
  });
});

describe('AccessControl', () => {
  const acl = new AccessControl()
    .addRole({ name: 'viewer', grants: ['docs.read', 'wiki.read'] })
    .addRole({ name: 'editor', grants: ['docs.*'], inherits: ['viewer'] })
    .addRole({ name: 'billing', grants: ['billing.*'] })
    .addRole({ name: 'admin', grants: ['*'] })
    .addRole({ name: 'a', grants: ['x.read'], inherits: ['b'] })
    .addRole({ name: 'b', grants: ['y.read'], inherits: ['a'] });

  it('inherits grants from parent roles', () => {
    expect(acl.can('editor', 'wiki.read')).toBe(true);
    expect(acl.can('editor', 'docs.publish')).toBe(true);
    expect(acl.can('viewer', 'docs.publish')).toBe(false);
  });

  it('does not leak across similarly named resources', () => {
    expect(acl.can('editor', 'docsets.delete')).toBe(false);
    expect(acl.can('billing', 'billing.refund')).toBe(true);
  });

  it('handles inheritance cycles', () => {
    expect(acl.can('a', 'y.read')).toBe(true);
    expect(acl.can('b', 'x.read')).toBe(true);
    expect(acl.can('a', 'z.read')).toBe(false);
  });

  it('checks several roles and permissions', () => {
    expect(acl.canAll(['viewer', 'billing'], ['wiki.read', 'billing.invoice'])).toBe(true);
    expect(acl.canAll(['viewer'], ['wiki.read', 'billing.invoice'])).toBe(false);
    expect(acl.can('admin', 'anything.at.all')).toBe(true);
  });

  it('rejects unknown roles', () => {
    expect(() => acl.can('ghost', 'docs.read')).toThrow('unknown role');
  });
});
