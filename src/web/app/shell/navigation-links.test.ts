import { describe, expect, it } from 'vitest';
import { roleFlags } from '#domain/roles.ts';
import { initialsOf, navigationLinks } from './navigation-links.ts';

describe('navigationLinks (admin-app §2)', () => {
  it.each([
    [false, ['admin'], ['Home', 'FAQ', 'Contact Us']],
    [true, [], ['Home', 'FAQ', 'Contact Us']],
    [true, ['client', 'user'], ['Home', 'FAQ', 'Contact Us']],
    [true, ['customer'], ['Home', 'Account', 'Products', 'FAQ', 'Contact Us']],
    [true, ['admin'], ['Home', 'Account', 'Products', 'Admin', 'Forms', 'FAQ', 'Contact Us']],
  ])('signed in %s with roles %j', (isAuthenticated, roles, labels) => {
    expect(navigationLinks({ isAuthenticated, ...roleFlags(roles) }).map((link) => link.label)).toEqual(
      labels,
    );
  });

  it('sends Forms to the form builder', () => {
    const links = navigationLinks({ isAuthenticated: true, ...roleFlags(['admin']) });
    expect(links.find((link) => link.label === 'Forms')?.to).toBe('/formbuilder');
  });
});

describe('initialsOf', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['Ada Augusta King Lovelace', 'AL'],
    ['ada', 'A'],
    ['ada.lovelace@example.com', 'AL'],
    [null, '?'],
  ])('%j → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
