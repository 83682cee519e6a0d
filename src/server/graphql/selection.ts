import type { GraphQLResolveInfo } from 'graphql';

/**
 * Whether the caller asked for `field` inside the current field's selection. A fragment could
 * hold it, so any fragment counts as "yes": the answer may only err on the side of reading more.
 */
export function selectsField(info: GraphQLResolveInfo, field: string): boolean {
  for (const node of info.fieldNodes) {
    for (const selection of node.selectionSet?.selections ?? []) {
      if (selection.kind !== 'Field' || selection.name.value === field) return true;
    }
  }
  return false;
}

/**
 * Whether the caller asked for any of `fields` inside `parent` of the current field's selection
 * (`recordsPage { records { data } }`). Fragments count as "yes", as above.
 */
export function selectsFieldWithin(
  info: GraphQLResolveInfo,
  parent: string,
  fields: readonly string[],
): boolean {
  for (const node of info.fieldNodes) {
    for (const selection of node.selectionSet?.selections ?? []) {
      if (selection.kind !== 'Field') return true;
      if (selection.name.value !== parent) continue;
      for (const inner of selection.selectionSet?.selections ?? []) {
        if (inner.kind !== 'Field' || fields.includes(inner.name.value)) return true;
      }
    }
  }
  return false;
}
