// The family manifests combined: every family's components, panels and hooks reach the extensions.
import { describe, expect, it } from 'vitest';
import { FAMILIES, extensionsOf, routeTable } from './index.ts';

describe('family manifests', () => {
  it('combine the routes of every family in order and their components in name order', () => {
    const table = routeTable();
    expect(table.routes.length).toBe(FAMILIES.reduce((n, f) => n + f.routes.length, 0));
    const names = [...table.extensions.components.keys()];
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['actions', 'aliases', 'breadcrumbs', 'contextnavigation', 'inherit', 'navigation', 'navroot', 'translations', 'types', 'workflow']));
    expect([...table.extensions.panels.keys()].sort()).toEqual(['content-rules', 'dexterity-types']);
    expect(table.extensions.create).toHaveLength(1);
    expect(table.extensions.addons.get('cms.app.multilingual')).toHaveLength(1);
  });

  it('refuse two families declaring the same component', () => {
    const twice = { name: 'x', routes: [], components: [{ name: 'breadcrumbs', expand: () => null }] };
    expect(() => extensionsOf([...FAMILIES, twice])).toThrow(/component breadcrumbs/);
  });

  it('give a site without the content family collections with no results', () => {
    const ext = extensionsOf(FAMILIES.filter((f) => f.name !== 'content'));
    expect(ext.collectionResults({} as never, {} as never, {} as never)).toEqual([]);
  });
});
